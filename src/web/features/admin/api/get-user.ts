import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { AdminUserDetail } from '#shared/admin/answers.ts';

export const getUser = (id: number, signal?: AbortSignal) =>
  api.get<AdminUserDetail>(`/api/admin/users/${id}`, { signal });

export const useAdminUser = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.user(id ?? 0),
    queryFn: ({ signal }) => getUser(id!, signal),
    enabled: id !== null,
    ...fresh,
  });
