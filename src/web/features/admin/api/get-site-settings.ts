import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { SiteSettings } from '#shared/admin/answers.ts';

export const getSiteSettings = (signal?: AbortSignal) =>
  api.get<SiteSettings>('/api/admin/settings', { signal });

export const useSiteSettings = () =>
  useQuery({ queryKey: adminKeys.siteSettings, queryFn: ({ signal }) => getSiteSettings(signal), ...fresh });
