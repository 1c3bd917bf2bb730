import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { AdminSignatureDetail } from '#shared/admin/answers.ts';

export const getSignature = (id: number, signal?: AbortSignal) =>
  api.get<AdminSignatureDetail>(`/api/admin/signatures/${id}`, { signal });

export const useAdminSignature = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.signature(id ?? 0),
    queryFn: ({ signal }) => getSignature(id!, signal),
    enabled: id !== null,
    ...fresh,
  });
