import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';
import type { Message } from '#shared/admin/answers.ts';

export const unblockIp = (ip: string) =>
  api.delete<Message>(`/api/admin/blocked-ips/${encodeURIComponent(ip)}`);

export function useUnblockIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockIp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ipTracking }),
  });
}
