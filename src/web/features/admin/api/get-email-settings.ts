import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { EmailSettings } from '#shared/admin/answers.ts';

export const getEmailSettings = (signal?: AbortSignal) =>
  api.get<EmailSettings>('/api/admin/email-settings', { signal });

export const useEmailSettings = () =>
  useQuery({
    queryKey: adminKeys.emailSettings,
    queryFn: ({ signal }) => getEmailSettings(signal),
    ...fresh,
  });
