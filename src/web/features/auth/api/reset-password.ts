import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '#shared/accounts/schemas.ts';
import { api } from '#web/lib/api.ts';

export const resetPassword = (input: ResetPasswordRequest) => api.post<unknown>('/api/reset-password', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
