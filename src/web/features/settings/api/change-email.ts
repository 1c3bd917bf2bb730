import { useMutation } from '@tanstack/react-query';
import type { EmailChangeInput } from '#shared/accounts/security.ts';
import { api } from '#web/lib/api.ts';

/** POST /api/user/email-change: the new address gets a confirmation link, the old one a notice. */
export const useChangeEmail = () =>
  useMutation({
    mutationFn: (input: EmailChangeInput) => api.post<{ message: string }>('/api/user/email-change', input),
  });
