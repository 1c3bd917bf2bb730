import type { Db } from '../db/kysely.ts';
import type { HttpAgent } from './server-process.ts';
import { TEST_CAPTCHA } from './test-app.ts';

/**
 * Signs up over real HTTP the way a person does since sign-up is e-mail first (decision 018):
 * POST /api/register, open the confirmation link (read from the outbox table, where a server
 * without SMTP keeps its mails), log in. Returns the log-in response; the agent is signed in.
 */
export async function signUpOverHttp(agent: HttpAgent, db: Db, email: string, password = 'Str0ng!Pass') {
  await agent.fetch('/api/captcha?purpose=register');
  const res = await agent.fetch('/api/register', {
    method: 'POST',
    body: { email, password, agreeToTerms: true, securityQuestion: TEST_CAPTCHA },
  });
  if (res.status !== 202) throw new Error(`sign-up answered ${res.status}`);
  const link = await confirmationLink(db, email);
  const verified = await agent.fetch(`/api/verify-email${link.search}`);
  if (!verified.ok) throw new Error(`verification answered ${verified.status}`);
  await agent.fetch('/api/captcha?purpose=login');
  return agent.fetch('/api/login', {
    method: 'POST',
    body: { email, password, captcha: TEST_CAPTCHA, signUpToken: link.searchParams.get('token') },
  });
}

async function confirmationLink(db: Db, email: string): Promise<URL> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = await db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const match = mail?.text_body.match(/https?:\/\/\S*verification=true\S*/);
    if (match) return new URL(match[0]);
    if (Date.now() > deadline) throw new Error(`no confirmation mail for ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
