import type { CaptchaChallenge } from '#web/components/captcha-canvas.tsx';
import { api } from '#web/lib/api.ts';
import { useFreshQuery } from '#web/lib/light-request.ts';

export type { CaptchaChallenge } from '#web/components/captcha-canvas.tsx';

export const getLookupCaptcha = (signal?: AbortSignal) =>
  api.get<CaptchaChallenge>('/api/captcha', { query: { purpose: 'lookup' }, signal });

/**
 * A fresh challenge whenever the server asks for one: `round` changes after every refused answer,
 * because the server accepts one answer per challenge.
 */
export function useLookupCaptcha(required: boolean, round: number) {
  return useFreshQuery(['/api/captcha', { purpose: 'lookup' }, round], getLookupCaptcha, required);
}
