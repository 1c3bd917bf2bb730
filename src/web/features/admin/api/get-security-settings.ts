import { useQuery } from '@tanstack/react-query';
import type { SecuritySettings } from '#shared/admin/answers.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';

export const getSecuritySettings = (signal?: AbortSignal) =>
  api.get<SecuritySettings>('/api/admin/security-settings', { signal });

export const useSecuritySettings = () =>
  useQuery({
    queryKey: adminKeys.securitySettings,
    queryFn: ({ signal }) => getSecuritySettings(signal),
    ...fresh,
  });
