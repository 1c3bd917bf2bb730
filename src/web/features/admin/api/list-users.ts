import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { AdminUser } from '#shared/admin/answers.ts';

export interface UserListParams {
  page: number;
  pageSize: number;
  q?: string;
  sort: 'createdAt' | 'email' | 'name' | 'lastLogin' | 'loginCount';
  dir: 'asc' | 'desc';
  role?: 'admin' | 'user';
}

export const listUsers = (params: UserListParams, signal?: AbortSignal) =>
  api.get<Paged<AdminUser>>('/api/admin/users', { query: { ...params }, signal });

export const useUsers = (params: UserListParams) =>
  useQuery({
    queryKey: [...adminKeys.users, 'list', params],
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
    ...fresh,
  });
