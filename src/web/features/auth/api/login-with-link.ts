import type { LoginLinkRequest } from '#shared/accounts/schemas.ts';
import type { LoginAnswer } from '#web/features/auth/api/login.ts';
import { api } from '#web/lib/api.ts';

/** POST /api/login-link: spends a mailed one-time sign-in link (decision 018). */
export const loginWithLink = (input: LoginLinkRequest) => api.post<LoginAnswer>('/api/login-link', input);
