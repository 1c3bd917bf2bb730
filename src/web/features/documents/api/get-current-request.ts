import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CurrentRequestResponse } from '#shared/requests/schemas.ts';
import { api } from '#web/lib/api.ts';
import { REQUEST_POLL_MS } from '#web/features/documents/lib/request-poll.ts';
import { documentsKey } from './keys.ts';

export const currentRequestKey = (documentId: number) =>
  ['/api/documents', documentId, 'requests', 'current'] as const;

/** GET /api/documents/{id}/requests/current: the latest signing request of the document, or null. */
export function useCurrentRequest(documentId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: currentRequestKey(documentId),
    queryFn: ({ signal }) =>
      api.get<CurrentRequestResponse>(`/api/documents/${documentId}/requests/current`, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (q) => (q.state.data?.request?.status === 'active' ? REQUEST_POLL_MS : false),
  });
  // When the request ends while the page is open (the last signer finished, someone declined, it
  // expired), the document itself changed too: status, file, pages. Ask for it again.
  const status = query.data?.request?.status;
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current === 'active' && status && status !== 'active')
      void queryClient.invalidateQueries({ queryKey: documentsKey });
    seen.current = status;
  }, [status, queryClient]);
  return query;
}
