import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { IpTracking } from '#shared/admin/answers.ts';

export interface IpListParams {
  hours: number;
  q?: string;
  page: number;
  pageSize: number;
}

export const listIps = (params: IpListParams, signal?: AbortSignal) =>
  api.get<IpTracking>('/api/admin/ip-tracking', { query: { ...params }, signal });

export const useIpTracking = (params: IpListParams) =>
  useQuery({
    queryKey: [...adminKeys.ipTracking, 'list', params],
    queryFn: ({ signal }) => listIps(params, signal),
    placeholderData: keepPreviousData,
    ...fresh,
  });
