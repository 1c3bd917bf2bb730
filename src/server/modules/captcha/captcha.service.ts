import type SvgCaptcha from 'svg-captcha';
import { lazyRequire } from '#server/lib/lazy-require.ts';

// The package renders a given text too, but its types only declare create().
// It reads and parses its font when loaded: only the first CAPTCHA pays for that.
const renderCode = lazyRequire<(text: string, options: SvgCaptcha.ConfigObject) => string>('svg-captcha');
import {
  CAPTCHA_AUTH_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_LENGTH,
  CAPTCHA_SAFE_ALPHABET,
  CAPTCHA_TTL_MS,
  CAPTCHA_WIDTH,
} from '#shared/constants.ts';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { hmac, randomCode, safeEqual } from '#server/lib/crypto.ts';

export const captchaPurposes = ['login', 'register', 'forgot-password', 'lookup'] as const;
export type CaptchaPurpose = (typeof captchaPurposes)[number];
export type CaptchaCheck = 'ok' | 'wrong' | 'missing' | 'expired';

/**
 * The server draws the code as SVG paths (no text to read) and keeps only a keyed hash with an
 * expiry, one challenge per session and purpose. Every check consumes the challenge.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly key: string,
    private readonly testCode: string | undefined,
  ) {}

  async issue(sessionId: string, purpose: CaptchaPurpose) {
    const alphabet = purpose === 'lookup' ? CAPTCHA_SAFE_ALPHABET : CAPTCHA_AUTH_ALPHABET;
    const code = this.testCode ?? randomCode(CAPTCHA_LENGTH, alphabet);
    const row = {
      session_id: sessionId,
      purpose,
      answer_hash: this.hash(sessionId, purpose, code),
      expires_at: iso(this.clock.now() + CAPTCHA_TTL_MS),
    };
    await this.db
      .insertInto('captchas')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['session_id', 'purpose'])
          .doUpdateSet({ answer_hash: row.answer_hash, expires_at: row.expires_at }),
      )
      .execute();
    const svg = renderCode()(code, {
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      noise: 3,
      fontSize: 50,
      background: '#eef2f7',
    });
    return {
      image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
    };
  }

  async check(sessionId: string | undefined, purpose: CaptchaPurpose, answer: string): Promise<CaptchaCheck> {
    if (!sessionId) return 'missing';
    const row = await this.db
      .deleteFrom('captchas')
      .where('session_id', '=', sessionId)
      .where('purpose', '=', purpose)
      .returning(['answer_hash', 'expires_at'])
      .executeTakeFirst();
    if (!row) return 'missing';
    if (Date.parse(row.expires_at) <= this.clock.now()) return 'expired';
    return safeEqual(row.answer_hash, this.hash(sessionId, purpose, answer)) ? 'ok' : 'wrong';
  }

  private hash(sessionId: string, purpose: string, code: string) {
    return hmac(this.key, `${sessionId}:${purpose}:${code}`);
  }
}
