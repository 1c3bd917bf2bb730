import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { OutboxItem } from '#shared/admin/answers.ts';

export const listOutbox = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<Paged<OutboxItem>>('/api/admin/outbox', { query: { page, pageSize }, signal });

export const useOutbox = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...adminKeys.outbox, page, pageSize],
    queryFn: ({ signal }) => listOutbox(page, pageSize, signal),
    placeholderData: keepPreviousData,
    ...fresh,
  });
