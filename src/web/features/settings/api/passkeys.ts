import { useMutation } from '@tanstack/react-query';
import type { PasskeyItem } from '#shared/accounts/security.ts';
import { api } from '#web/lib/api.ts';

/** Registers a passkey: the server's options, the browser's authenticator, the server's check. */
export async function addPasskey(name: string): Promise<PasskeyItem> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/api/user/passkeys/options',
  );
  const credential = await startRegistration({ optionsJSON });
  return api.post<PasskeyItem>('/api/user/passkeys', { name, credential });
}

export const useAddPasskey = () => useMutation({ mutationFn: addPasskey });

export const useRemovePasskey = () =>
  useMutation({ mutationFn: (id: number) => api.delete<unknown>(`/api/user/passkeys/${id}`) });
