import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '#shared/admin/answers.ts';
import type { SecuritySettingsInput } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

export const saveSecuritySettings = (input: SecuritySettingsInput) =>
  api.put<SecuritySettings>('/api/admin/security-settings', input);

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.securitySettings, saved),
  });
}
