import { api } from '#web/lib/api.ts';

/** GET /api/signatures/verify/{id}: the older links that carry only an id. */
export const lookupById = (id: string, captcha?: string, signal?: AbortSignal) =>
  api.get<unknown>(`/api/signatures/verify/${encodeURIComponent(id)}`, {
    query: { captcha: captcha || undefined },
    signal,
  });
