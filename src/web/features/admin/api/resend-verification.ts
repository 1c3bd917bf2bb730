import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import type { Message } from '#shared/admin/answers.ts';

export const resendVerification = (id: number) =>
  api.post<Message>(`/api/admin/users/${id}/resend-verification`);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
