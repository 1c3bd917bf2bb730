import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import type { SecondStepInput } from '#shared/accounts/security.ts';
import { api } from '#web/lib/api.ts';

/** POST /api/login/2fa: a code from the app or a recovery code completes the pending login. */
export const submitSecondStep = (input: SecondStepInput) => api.post<PublicUser>('/api/login/2fa', input);

export const useSecondStep = () => useMutation({ mutationFn: submitSecondStep });
