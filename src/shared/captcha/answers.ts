import { z } from 'zod';

/** A challenge from GET /api/captcha: the server keeps only the answer's hash. */
export const captchaChallenge = z.object({
  /** data:image/svg+xml;base64,… drawn by the browser */
  image: z.string(),
  width: z.number(),
  height: z.number(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;
