import { accountMessages as m } from '#shared/accounts/messages.ts';
import type { ForgotPasswordInput } from '#shared/accounts/schemas.ts';
import { api } from '#web/lib/api.ts';
import { useAction } from '#web/lib/light-request.ts';
import { toast } from '#web/lib/toast.ts';
import { authErrorText } from '#web/features/auth/lib/error-text.ts';
import { authText } from '#web/features/auth/messages.ts';

export const forgotPassword = (input: ForgotPasswordInput) =>
  api.post<unknown>('/api/forgot-password', input);

export function useForgotPassword() {
  return useAction(forgotPassword, {
    onSuccess: () =>
      toast({ title: m.resetEmailSentTitle, description: m.resetEmailSentText, variant: 'success' }),
    onError: (error) =>
      toast({
        title: authText.errorTitle,
        description: authErrorText(error, m.resetEmailFailed),
        variant: 'destructive',
      }),
  });
}
