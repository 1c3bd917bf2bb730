import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { Dashboard } from '#shared/admin/answers.ts';

export const getDashboard = (signal?: AbortSignal) => api.get<Dashboard>('/api/admin/dashboard', { signal });

export const useDashboard = () =>
  useQuery({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => getDashboard(signal), ...fresh });
