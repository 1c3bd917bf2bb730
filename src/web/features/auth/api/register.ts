import { useMutation } from '@tanstack/react-query';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import type { RegisterFormInput, RegisterRequest, SignUpAnswer } from '#shared/accounts/schemas.ts';
import { api, ApiError } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';

/** The request leaves out confirmPassword, and the username when it is empty. */
export function toRegisterRequest(values: RegisterFormInput): RegisterRequest {
  const { username, email, password, securityQuestion } = values;
  return { ...(username ? { username } : {}), email, password, agreeToTerms: true, securityQuestion };
}

/**
 * Sign-up is e-mail first (decision 018): the answer is the same for a new and a taken address
 * and signs nobody in; the mailed link finishes the sign-up.
 */
export const register = (input: RegisterRequest) => api.post<SignUpAnswer>('/api/register', input);

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onError: (error) => {
      const description = error instanceof ApiError ? error.message : m.registerFailedFallback;
      toast({ title: m.registerFailedTitle, description, variant: 'destructive' });
    },
  });
}
