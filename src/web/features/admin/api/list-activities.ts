import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { ActivityItem } from '#shared/admin/answers.ts';

export interface ActivityListParams {
  page: number;
  pageSize: number;
  q?: string;
  event?: string;
  userId?: number;
}

export const listActivities = (params: ActivityListParams, signal?: AbortSignal) =>
  api.get<Paged<ActivityItem>>('/api/admin/activities', { query: { ...params }, signal });

export const useActivities = (params: ActivityListParams) =>
  useQuery({
    queryKey: [...adminKeys.activities, 'list', params],
    queryFn: ({ signal }) => listActivities(params, signal),
    placeholderData: keepPreviousData,
    ...fresh,
  });
