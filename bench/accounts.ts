import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isCommonPassword } from '../src/server/modules/accounts/common-passwords.ts';
import { HttpAgent, startServerProcess } from '../src/server/test/server-process.ts';
import { startSmtp } from '../src/server/test/smtp.ts';
import { measure, printTable, startBaseline } from './lib.ts';

/** GET /api/user (signed in) and /healthz, as ratios to a bare node:http server. */
export async function benchAccounts() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-'));
  const smtp = await startSmtp();
  const app = await startServerProcess({
    DATA_DIR: dir,
    INKPROOF_TEST_CAPTCHA: 'Bench1',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
  });
  try {
    const agent = new HttpAgent(app.base);
    await signUp(agent, smtp, 'bench@example.com', 'Str0ng!Pass');
    const userBody = JSON.stringify(await (await agent.fetch('/api/user')).json());

    const baseline = await startBaseline(userBody);
    try {
      const base = await measure('node:http baseline (same JSON)', `${baseline.base}/`);
      const user = await measure('GET /api/user (signed in)', `${app.base}/api/user`, {
        cookie: agent.cookie,
      });
      const health = await measure('GET /healthz', `${app.base}/healthz`);
      console.log('\n## accounts');
      printTable(base, [user, health]);
      console.log(
        `breached-password check: ${commonPasswordLookupUs().toFixed(2)} µs per look-up (goal: well under 1 ms)`,
      );
      return { baseline: base, user, health };
    } finally {
      baseline.stop();
    }
  } finally {
    await app.stop();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The breached-password check's cost per new password, in µs: 100,000 unlisted ones after a warm-up. */
function commonPasswordLookupUs() {
  isCommonPassword('warm-up');
  const started = performance.now();
  for (let i = 0; i < 100_000; i++) isCommonPassword(`Unlisted-${i}-Pass!`);
  return ((performance.now() - started) * 1000) / 100_000;
}

/**
 * Sign-up is e-mail first (decision 018): 202, then the link mailed to the address (read from the
 * SMTP catcher) verifies it, and the first sign-in with its token opens the session.
 */
async function signUp(
  agent: HttpAgent,
  smtp: Awaited<ReturnType<typeof startSmtp>>,
  email: string,
  password: string,
) {
  await agent.fetch('/api/captcha?purpose=register');
  const reg = await agent.fetch('/api/register', {
    method: 'POST',
    body: { email, password, agreeToTerms: true, securityQuestion: 'Bench1' },
  });
  if (reg.status !== 202) throw new Error(`register failed: ${reg.status}`);
  const mail = await smtp.waitFor(email, 1, 30_000);
  const link = /https?:\/\/\S*verification=true\S*/.exec(mail.text)?.[0];
  if (!link) throw new Error('no verification link in the sign-up mail');
  const verified = await agent.fetch(`/api/verify-email${new URL(link).search}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  await agent.fetch('/api/captcha?purpose=login');
  const login = await agent.fetch('/api/login', {
    method: 'POST',
    body: { email, password, captcha: 'Bench1', signUpToken: new URL(link).searchParams.get('token') },
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
}
