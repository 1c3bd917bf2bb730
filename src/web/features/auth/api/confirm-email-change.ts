import { api } from '#web/lib/api.ts';

/** POST /api/user/email-change/confirm: the link sent to the new address. */
export const confirmEmailChange = (token: string) =>
  api.post<{ message: string }>('/api/user/email-change/confirm', { token });
