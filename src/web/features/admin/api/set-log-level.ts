import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { logLevelSchema } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

export type LogLevel = z.infer<typeof logLevelSchema>['level'];

export const setLogLevel = (level: LogLevel) =>
  api.put<{ logLevel: string }>('/api/admin/diagnostics/log-level', { level });

export function useSetLogLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLogLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.diagnostics }),
  });
}
