import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSettingsInput } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';
import type { EmailSettings } from '#shared/admin/answers.ts';

/** A blank password keeps the stored one; the answer only says whether one is set. */
export const saveEmailSettings = (input: EmailSettingsInput) =>
  api.put<EmailSettings>('/api/admin/email-settings', { ...input, password: input.password || undefined });

export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.emailSettings, saved),
  });
}
