import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export const decline = (token: string, reason: string) =>
  api.post<{ message: string }>(`/api/sign/${encodeURIComponent(token)}/decline`, { reason });

/** POST /api/sign/{token}/decline: the request stops and its owner is told why. */
export const useDecline = (token: string) =>
  useMutation({ mutationFn: (reason: string) => decline(token, reason) });
