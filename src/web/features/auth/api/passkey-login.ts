import type { PublicUser } from '#shared/accounts/schemas.ts';
import { api } from '#web/lib/api.ts';
import { useAction } from '#web/lib/light-request.ts';

/**
 * "Sign in with a passkey", or the passkey as the second step of a pending login: the server's
 * options, the browser's authenticator, the server's check. The WebAuthn helper loads on demand.
 */
export async function passkeyLogin(): Promise<PublicUser> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/login/passkey/options',
  );
  const credential = await startAuthentication({ optionsJSON });
  return api.post<PublicUser>('/api/login/passkey/verify', { credential });
}

export const usePasskeyLogin = () => useAction(passkeyLogin);
