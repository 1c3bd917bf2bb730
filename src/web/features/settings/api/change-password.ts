import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '#shared/accounts/schemas.ts';
import { api } from '#web/lib/api.ts';

export const changePassword = (input: ChangePasswordRequest) =>
  api.post<unknown>('/api/user/change-password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
