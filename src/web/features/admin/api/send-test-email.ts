import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';
import type { CheckResult } from '#shared/admin/answers.ts';

/** Sends at once through the active SMTP server; a failure answers 502 with the server's reason. */
export const sendTestEmail = (to: string) => api.post<CheckResult>('/api/admin/email-settings/test', { to });

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.outbox }),
  });
}
