import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

/** Refused with 400 for the admin's own address and 409 when already blocked. */
export const blockIp = (input: { ip: string; reason: string }) =>
  api.post<{ ip: string; reason: string }>('/api/admin/blocked-ips', input);

export function useBlockIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockIp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ipTracking }),
  });
}
