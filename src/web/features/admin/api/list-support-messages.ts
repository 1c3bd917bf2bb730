import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { SupportMessage } from '#shared/admin/answers.ts';

export type SupportMessages = Paged<SupportMessage> & { unread: number };

export const listSupportMessages = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<SupportMessages>('/api/admin/support-messages', { query: { page, pageSize }, signal });

export const useSupportMessages = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...adminKeys.supportMessages, page, pageSize],
    queryFn: ({ signal }) => listSupportMessages(page, pageSize, signal),
    placeholderData: keepPreviousData,
    ...fresh,
  });
