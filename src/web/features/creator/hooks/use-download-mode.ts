import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { ApiError } from '#web/lib/api.ts';
import { useUser } from '#web/lib/session/get-user.ts';
import { useSearch } from 'wouter';
import { useOwnSignature } from '../api/get-signature.ts';

export type DownloadMode =
  | { active: false }
  | { active: true; state: 'loading' | 'signed-out' | 'bad-id' | 'not-found' | 'error'; retry?: () => void }
  | { active: true; state: 'ready'; signature: OwnSignature };

/** /signature?download=true&id=N (from My Signatures): the owner's saved signature, for its downloads. */
export function useDownloadMode(): DownloadMode {
  const params = new URLSearchParams(useSearch());
  const active = params.get('download') === 'true';
  const rawId = params.get('id') ?? '';
  const id = active && /^\d{1,10}$/.test(rawId) && Number(rawId) > 0 ? Number(rawId) : null;
  const { data: user, isPending: userPending } = useUser();
  const query = useOwnSignature(user && id !== null ? id : null);

  if (!active) return { active: false };
  if (id === null) return { active, state: 'bad-id' };
  if (userPending) return { active, state: 'loading' };
  if (!user) return { active, state: 'signed-out' };
  if (query.isPending) return { active, state: 'loading' };
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404 || status === 400) return { active, state: 'not-found' };
    if (status === 401) return { active, state: 'signed-out' };
    return { active, state: 'error', retry: () => void query.refetch() };
  }
  return { active, state: 'ready', signature: query.data };
}
