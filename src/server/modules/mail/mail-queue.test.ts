import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, expect, test, vi } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { freePort } from '#server/test/server-process.ts';
import { startSmtp } from '#server/test/smtp.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { MAIL_ATTACHMENTS_MAX_BYTES } from './mail.service.ts';
import { verificationMail } from './templates.ts';

/** Mail goes through the job queue: a failed send is retried, never lost. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function appWithSmtp(smtpUrl: string) {
  const ctx = await testApp({ smtpUrl });
  cleanups.push(ctx.close);
  return ctx;
}

const LINK = 'http://inkproof.test/verify?token=abc';
const mailJob = (ctx: TestContext) =>
  ctx.app.db.selectFrom('jobs').selectAll().where('kind', '=', 'mail.send').executeTakeFirstOrThrow();
const outbox = (ctx: TestContext) => ctx.app.db.selectFrom('outbox').selectAll().execute();

/** Moves the clock to the job's next attempt and lets it run. */
async function nextAttempt(ctx: TestContext) {
  const job = await mailJob(ctx);
  ctx.clock.advance(Math.max(0, Date.parse(job.run_at) - ctx.clock.now()) + 1000);
  await ctx.app.mail.flush();
}

test('a send to an SMTP server that is down is retried with backoff, then kept in the outbox with the error', async () => {
  const ctx = await appWithSmtp(`smtp://127.0.0.1:${await freePort()}`); // nothing listens there
  ctx.app.mail.sendInBackground('down@example.com', verificationMail(LINK), LINK);
  await ctx.app.mail.flush();

  const first = await mailJob(ctx);
  expect(first).toMatchObject({ status: 'queued', attempts: 1, max_attempts: 5 });
  expect(first.last_error).toMatch(/ECONNREFUSED/);
  // the first retry comes 30-60 s later (jitter), each next one after twice as long
  const wait = Date.parse(first.run_at) - Date.parse(first.updated_at);
  expect(wait).toBeGreaterThanOrEqual(30_000);
  expect(wait).toBeLessThanOrEqual(60_000);
  expect(await outbox(ctx)).toEqual([]);

  for (let attempt = 2; attempt <= 4; attempt++) {
    await nextAttempt(ctx);
    expect(await mailJob(ctx)).toMatchObject({ status: 'queued', attempts: attempt });
    expect(await outbox(ctx)).toEqual([]);
  }
  await nextAttempt(ctx);
  expect(await mailJob(ctx)).toMatchObject({ status: 'failed', attempts: 5 });
  const kept = await outbox(ctx);
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatchObject({ to_address: 'down@example.com', subject: 'Verify your e-mail address' });
  expect(kept[0]!.text_body).toContain(LINK);
  expect(kept[0]!.error).toMatch(/ECONNREFUSED/);
});

test('a send that failed is delivered by a later attempt once the SMTP server answers', async () => {
  const ctx = await appWithSmtp(`smtp://127.0.0.1:${await freePort()}`);
  ctx.app.mail.sendInBackground('later@example.com', verificationMail(LINK), LINK);
  await ctx.app.mail.flush();
  expect((await mailJob(ctx)).attempts).toBe(1);

  const smtp = await startSmtp();
  cleanups.push(smtp.close);
  ctx.app.mail.configure({
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    user: '',
    password: '',
    from: 'Inkproof <no-reply@inkproof.test>',
  });
  await nextAttempt(ctx);
  const mail = await smtp.waitFor('later@example.com');
  expect(mail.text).toContain(LINK);
  expect(await mailJob(ctx)).toMatchObject({ status: 'done', attempts: 2 });
  expect(await outbox(ctx)).toEqual([]);
});

test('a mail the SMTP server refuses for good (5xx) goes to the outbox at once', async () => {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const ctx = await appWithSmtp(`smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`);
  ctx.app.mail.sendInBackground('nobody@example.com', verificationMail(LINK), LINK);
  await ctx.app.mail.flush();
  expect(await mailJob(ctx)).toMatchObject({ status: 'failed', attempts: 1 });
  const kept = await outbox(ctx);
  expect(kept).toHaveLength(1);
  expect(kept[0]!.error).toMatch(/Mailbox unavailable/);
});

test('without SMTP a mail is kept in the outbox, without an error', async () => {
  const ctx = await testApp();
  cleanups.push(ctx.close);
  ctx.app.mail.sendInBackground('local@example.com', verificationMail(LINK), LINK);
  await ctx.app.mail.flush();
  const kept = await outbox(ctx);
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatchObject({ to_address: 'local@example.com', error: null });
  expect(await mailJob(ctx)).toMatchObject({ status: 'done', payload: 'null' });
});

test('a route that sends mail answers without waiting for the SMTP server', async () => {
  // accepts connections and never says a word: a send would hang until nodemailer's timeout
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((s) => void sockets.add(s));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  cleanups.push(
    () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        silent.close(() => r());
      }),
  );
  const ctx = await appWithSmtp(`smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`);
  await ctx.app.accounts.ensureFirstAdmin('known@example.com', 'Adm1n!Password');
  const agent = new Agent(ctx.app);
  await agent.get('/api/csrf');
  const res = await agent.forgotPassword('known@example.com');
  expect(res.statusCode).toBe(200);
  // the mail is on its way meanwhile: queued or being sent, not lost
  await expect
    .poll(async () => (await ctx.app.db.selectFrom('jobs').select('status').execute()).map((j) => j.status))
    .toEqual(['running']);
  // answered before the first attempt timed out: a route that waited would find it failed
  expect(await mailJob(ctx)).toMatchObject({ attempts: 1, last_error: null });
  for (const s of sockets) s.destroy(); // the server goes away: the attempt fails and is retried later
  await expect.poll(async () => (await mailJob(ctx)).status).toBe('queued');
});

test('attachments are read from their stored file when sent; one gone or past the 10 MB cap is left out', async () => {
  const smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  const ctx = await appWithSmtp(smtp.url);
  const files = new Map<number, Buffer>([
    [1, Buffer.from('%PDF-1.7 small file')],
    [2, Buffer.alloc(MAIL_ATTACHMENTS_MAX_BYTES + 1, 0x41)],
  ]);
  // the mailer reads attachments from the documents' file store
  vi.spyOn(ctx.app.documents.files, 'get').mockImplementation(async (id) => files.get(id) ?? null);
  const attach = (documentId: number, filename: string) => ({
    filename,
    contentType: 'application/pdf' as const,
    file: { documentId, kind: 'signed' as const },
  });
  ctx.app.mail.sendInBackground('files@example.com', verificationMail(LINK), LINK, [
    attach(1, 'small.pdf'),
    attach(2, 'huge.pdf'),
    attach(3, 'gone.pdf'),
  ]);
  await ctx.app.mail.flush();
  const mail = await smtp.waitFor('files@example.com');
  expect(mail.raw).toContain('filename=small.pdf');
  expect(mail.raw).toContain(Buffer.from('%PDF-1.7 small file').toString('base64'));
  expect(mail.raw).not.toContain('huge.pdf');
  expect(mail.raw).not.toContain('gone.pdf');
  expect(mail.text).toContain(LINK);
});
