import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';
import type { Diagnostics } from '#shared/admin/answers.ts';

export const getDiagnostics = (signal?: AbortSignal) =>
  api.get<Diagnostics>('/api/admin/diagnostics', { signal });

export const useDiagnostics = () =>
  useQuery({ queryKey: adminKeys.diagnostics, queryFn: ({ signal }) => getDiagnostics(signal), ...fresh });
