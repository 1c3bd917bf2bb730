import type { CaptchaChallenge } from '#web/components/captcha-canvas.tsx';
import { api } from '#web/lib/api.ts';
import { useFreshQuery } from '#web/lib/light-request.ts';

export type CaptchaPurpose = 'login' | 'register' | 'forgot-password';

export type { CaptchaChallenge } from '#web/components/captcha-canvas.tsx';

export const getCaptcha = (purpose: CaptchaPurpose, signal?: AbortSignal) =>
  api.get<CaptchaChallenge>('/api/captcha', { query: { purpose }, signal });

/** A fresh challenge on every mount and every refetch; an old one is never reused. */
export function useCaptcha(purpose: CaptchaPurpose) {
  return useFreshQuery(['/api/captcha', { purpose }], (signal) => getCaptcha(purpose, signal));
}
