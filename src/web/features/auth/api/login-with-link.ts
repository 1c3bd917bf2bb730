import type { LoginLinkRequest, PublicUser } from '#shared/accounts/schemas.ts';
import { api } from '#web/lib/api.ts';

/** POST /api/login-link: spends a mailed one-time sign-in link (decision 018). */
export const loginWithLink = (input: LoginLinkRequest) => api.post<PublicUser>('/api/login-link', input);
