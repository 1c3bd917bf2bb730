import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { IpDetail } from '#shared/admin/answers.ts';

export const getIpDetail = (ip: string, hours: number, signal?: AbortSignal) =>
  api.get<IpDetail>(`/api/admin/ip-tracking/${encodeURIComponent(ip)}`, { query: { hours }, signal });

export const useIpDetail = (ip: string | null, hours: number) =>
  useQuery({
    queryKey: adminKeys.ip(ip ?? '', hours),
    queryFn: ({ signal }) => getIpDetail(ip!, hours, signal),
    enabled: ip !== null,
    ...fresh,
  });
