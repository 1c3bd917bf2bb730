import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { api } from '#web/lib/api.ts';
import { useFresh } from '#web/lib/use-fresh.ts';

/** GET /api/signatures/:id: one of the signed-in user's signatures (404 when absent or not theirs). */
export function useOwnSignature(id: number | null) {
  return useFresh(
    String(id),
    (signal) => api.get<OwnSignature>(`/api/signatures/${id}`, { signal }),
    id !== null,
  );
}
