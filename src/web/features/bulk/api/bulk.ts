import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Template } from '#shared/templates/answers.ts';
import type { BulkPreview, BulkRowResult, BulkSend } from '#shared/templates/bulk.ts';
import { api } from '#web/lib/api.ts';

export const bulkKey = (id: number) => ['/api/bulk', id] as const;

/** The template a bulk send starts from (its roles and keys make the CSV's columns). */
export const useBulkTemplate = (id: number | null) =>
  useQuery({
    queryKey: ['/api/templates', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get<{ template: Template }>(`/api/templates/${id}`, { signal }).then((r) => r.template),
  });

/** POST /api/templates/{id}/bulk/preview: every row checked, nothing sent. */
export const usePreviewBulk = (templateId: number) =>
  useMutation({
    mutationFn: (csv: string) => api.post<BulkPreview>(`/api/templates/${templateId}/bulk/preview`, { csv }),
  });

/** POST /api/templates/{id}/bulk: starts the send once every row passed. */
export const useStartBulk = (templateId: number) =>
  useMutation({
    mutationFn: (csv: string) =>
      api.post<{ message: string; bulk: BulkSend }>(`/api/templates/${templateId}/bulk`, { csv }),
  });

/** A send's progress, asked again every second while it runs. */
export const useBulk = (id: number | null) =>
  useQuery({
    queryKey: bulkKey(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<{ bulk: BulkSend }>(`/api/bulk/${id}`, { signal }).then((r) => r.bulk),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });

export const useBulkRows = (id: number, status: string, page: number, running: boolean) =>
  useQuery({
    queryKey: [...bulkKey(id), 'rows', status, page],
    queryFn: ({ signal }) =>
      api.get<{ items: BulkRowResult[]; total: number }>(`/api/bulk/${id}/rows`, {
        signal,
        query: { page, pageSize: 50, ...(status ? { status } : {}) },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: running ? 2000 : false,
  });

/** Pause, resume or cancel. */
export function useControlBulk(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel') =>
      api.post<{ message: string; bulk: BulkSend }>(`/api/bulk/${id}/${action}`),
    onSuccess: (answer) => {
      client.setQueryData(bulkKey(id), answer.bulk);
      void client.invalidateQueries({ queryKey: bulkKey(id) });
    },
  });
}
