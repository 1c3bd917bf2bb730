import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';
import type { EmailSettings } from '#shared/admin/answers.ts';

export const clearEmailSettings = () => api.delete<EmailSettings>('/api/admin/email-settings');

export function useClearEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearEmailSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.emailSettings, saved),
  });
}
