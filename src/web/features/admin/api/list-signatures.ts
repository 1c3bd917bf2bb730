import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged, signatureFilters } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { AdminSignature } from '#shared/admin/answers.ts';

export interface SignatureListParams {
  page: number;
  pageSize: number;
  q?: string;
  filter: (typeof signatureFilters)[number];
}

export const listSignatures = (params: SignatureListParams, signal?: AbortSignal) =>
  api.get<Paged<AdminSignature>>('/api/admin/signatures', { query: { ...params }, signal });

export const useSignatures = (params: SignatureListParams) =>
  useQuery({
    queryKey: [...adminKeys.signatures, 'list', params],
    queryFn: ({ signal }) => listSignatures(params, signal),
    placeholderData: keepPreviousData,
    ...fresh,
  });
