import { api } from '#web/lib/api.ts';

/** GET /api/signatures/reference/{ref}; the CAPTCHA answer goes along once the server asked for one. */
export const lookupReference = (ref: string, captcha?: string, signal?: AbortSignal) =>
  api.get<unknown>(`/api/signatures/reference/${encodeURIComponent(ref)}`, {
    query: { captcha: captcha || undefined },
    signal,
  });
