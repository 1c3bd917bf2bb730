import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { api } from '#web/lib/api.ts';
import { setSessionUser } from '#web/lib/session/clear-session.ts';

export interface ProfileRequest {
  name: string | null;
  email: string;
}

/** PUT /api/user/profile returns the updated user, which becomes the current user. */
export const updateProfile = (input: ProfileRequest) => api.put<PublicUser>('/api/user/profile', input);

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => setSessionUser(user),
  });
}
