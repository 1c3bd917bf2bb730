import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTROL_MESSAGE } from '#shared/text.ts';
import { Agent } from '#server/test/agent.ts';
import { passwordResetMail } from './templates.ts';
import { testAppWithSmtp } from '#server/test/test-app.ts';

/**
 * The admin's "Site name" names the site in the server-rendered heads (title,
 * og:site_name, descriptions) and in every mail, escaped. Mails get it when they are sent, so
 * a mail queued before a rename and sent after it carries the new name.
 */
const NAME = 'Acme <Sign> & "Co"';
const ESCAPED = 'Acme &lt;Sign&gt; &amp; &quot;Co&quot;';
let ctx: Awaited<ReturnType<typeof testAppWithSmtp>>;
let admin: Agent;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Inkproof</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  );
  ctx = await testAppWithSmtp({ webRoot });
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

async function rename(siteName: string) {
  const current = (await admin.get('/api/admin/settings')).json();
  const res = await admin.put('/api/admin/settings', { ...current, analyticsScriptUrl: '', siteName });
  expect(res.statusCode).toBe(200);
}
const head = async (url: string) => {
  const html = (await ctx.app.inject(url)).body;
  return html.slice(0, html.indexOf('</head>'));
};

describe('server-rendered heads', () => {
  test('name the site, escaped, in the title, og:site_name and JSON-LD', async () => {
    await rename(NAME);
    const home = await head('/');
    expect(home).toContain(`<title>${ESCAPED} — free electronic signatures anyone can verify</title>`);
    expect(home).toContain(`<meta property="og:site_name" content="${ESCAPED}" />`);
    expect(home).toContain(`<meta property="og:title" content="${ESCAPED} — free`);
    expect(home).not.toContain('Inkproof');
    expect(home).not.toContain('<Sign>');
    // JSON inside <script> cannot close the tag
    expect(home).toContain('"name":"Acme \\u003cSign> & \\"Co\\""');
    expect(await head('/about')).toContain(`<title>About ${ESCAPED} and terms and conditions</title>`);
    expect(await head('/no-such-page')).toContain(`<title>Page not found — ${ESCAPED}</title>`);
    expect(await head('/dashboard')).toContain(`<title>${ESCAPED}</title>`);
  });

  test('the public settings give the web app the name', async () => {
    await rename('Acme Sign');
    expect((await ctx.app.inject('/api/site-settings')).json().siteName).toBe('Acme Sign');
  });

  test('a name with a line break is refused', async () => {
    const current = (await admin.get('/api/admin/settings')).json();
    const res = await admin.put('/api/admin/settings', {
      ...current,
      analyticsScriptUrl: '',
      siteName: 'Acme\nBcc: x@example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CONTROL_MESSAGE);
  });
});

describe('mails', () => {
  test('a mail queued before a rename is sent with the new name, escaped in its HTML', async () => {
    await rename('Old Name');
    // the SMTP server is down at first: the mail waits in the queue for its next attempt
    ctx.app.mail.useTransport({
      sendMail: async () => {
        throw new Error('connection refused');
      },
      close: () => undefined,
    } as unknown as Transporter);
    const visitor = new Agent(ctx.app);
    visitor.ip = '198.51.100.9';
    expect((await visitor.forgotPassword('root@example.com')).statusCode).toBe(200);
    await ctx.app.accounts.settle();
    await ctx.app.mail.flush();
    const queued = await ctx.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'mail.send')
      .where('status', '=', 'queued')
      .execute();
    expect(queued.some((j) => j.payload.includes('reset the password'))).toBe(true);
    // queued with the mark, not with the name of the moment
    expect(queued.every((j) => !j.payload.includes('Old Name'))).toBe(true);

    await rename(NAME);
    const before = ctx.smtp.received.length;
    ctx.app.mail.configure(null); // back to SMTP_URL, the catcher
    ctx.clock.advance(10 * 60_000);
    await ctx.app.jobs.drain(['mail.send']);
    const mail = ctx.smtp.received.slice(before).find((m) => m.text.includes('reset the password'));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`reset the password of your ${NAME} account`);
    expect(mail!.text).toContain(`font-weight:bold;color:#1e3a8a">${ESCAPED}</p>`);
    expect(mail!.text).not.toContain('\u0000');
    expect(mail!.text).not.toContain('Inkproof');
    expect(mail!.raw).toMatch(/^From: .*Acme.*<no-reply@/m);
  });

  test('the outbox keeps a mail with the name of the moment it was kept', async () => {
    await rename('Outbox Co');
    ctx.app.mail.useTransport(null);
    const link = 'http://inkproof.test/reset-password?token=t';
    await ctx.app.mail.send('someone@example.com', passwordResetMail(link), link);
    await ctx.app.jobs.drain(['mail.send']);
    const kept = await ctx.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'someone@example.com')
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.text_body).toContain('your Outbox Co account');
    expect(kept[0]!.html_body).toContain('>Outbox Co</p>');
  });
});
