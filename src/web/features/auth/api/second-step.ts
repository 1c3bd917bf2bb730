import type { PublicUser } from '#shared/accounts/schemas.ts';
import type { SecondStepInput } from '#shared/accounts/security.ts';
import { api } from '#web/lib/api.ts';
import { useAction } from '#web/lib/use-action.ts';

/** POST /api/login/2fa: a code from the app or a recovery code completes the pending login. */
export const submitSecondStep = (input: SecondStepInput) => api.post<PublicUser>('/api/login/2fa', input);

export const useSecondStep = () => useAction({ action: submitSecondStep });
