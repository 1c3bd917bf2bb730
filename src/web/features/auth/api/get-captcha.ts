import type { CaptchaChallenge } from '#web/components/captcha-canvas.tsx';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export type CaptchaPurpose = 'login' | 'register' | 'forgot-password';

export type { CaptchaChallenge } from '#web/components/captcha-canvas.tsx';

export const getCaptcha = (purpose: CaptchaPurpose, signal?: AbortSignal) =>
  api.get<CaptchaChallenge>('/api/captcha', { query: { purpose }, signal });

/** A fresh challenge on every mount and every refetch; an old one is never reused. */
export function useCaptcha(purpose: CaptchaPurpose) {
  return useQuery({
    queryKey: ['/api/captcha', { purpose }],
    queryFn: ({ signal }) => getCaptcha(purpose, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}
