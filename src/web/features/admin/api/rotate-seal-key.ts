import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

export const rotateSealKey = () =>
  api.post<{ message: string; active: string; retired: string | null }>('/api/admin/seals/keys/rotate');

export function useRotateSealKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSealKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.diagnostics }),
  });
}
