import { expect } from 'vitest';
import type { CreateRequestInput, FieldInput, RecipientInput } from '#shared/requests/schemas.ts';
import type { App } from '#server/app-types.ts';
import { Agent } from '#server/test/agent.ts';
import { linkIn, type ReceivedMail } from '#server/test/smtp.ts';
import { testAppWithSmtp } from '#server/test/test-app.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { upload } from '#server/test/documents.ts';
import { watchRequestPdf } from '#server/test/request-pdf-seam.ts';

export type Ctx = Awaited<ReturnType<typeof requestsTestApp>>;

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;

export const REQUEST_JOB_KINDS = ['requests.remind', 'requests.expire', 'requests.complete'];

/** The requests' jobs on the app's queue, as a test drives them with its clock. */
export function requestJobs(app: App) {
  return {
    /** Runs every request job due by the app's clock (and what they enqueue), and waits for them. */
    runDue: () => app.jobs.drain(REQUEST_JOB_KINDS),
    /** Whether a job with this key waits in the queue. */
    async has(key: string) {
      const row = await app.db
        .selectFrom('jobs')
        .select('id')
        .where('key', '=', key)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** A test app with a real SMTP catcher, the real PDF pool (watched), and helpers for owners and recipients. */
export async function requestsTestApp() {
  const ctx = await testAppWithSmtp();
  const seam = watchRequestPdf(ctx.app);
  const pdf = await simplePdf(2);
  const png = await signaturePng();
  return { ...ctx, seam, pdf, png, scheduler: requestJobs(ctx.app) };
}

export async function owner(ctx: Ctx, name = 'OlgaOwner') {
  const a = new Agent(ctx.app);
  a.ip = `198.51.100.${(n % 200) + 1}`;
  const email = `owner-${unique()}@example.com`;
  const res = await a.register(email, 'Str0ng!Pass', { username: name });
  expect(res.statusCode).toBe(201);
  const { id } = await ctx.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { agent: a, email, id };
}

export async function uploaded(ctx: Ctx, agent: Agent, name = 'Lease agreement') {
  const res = await upload(ctx.app, agent, { name }, { filename: 'lease.pdf', bytes: ctx.pdf });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

export const person = (name: string, role: RecipientInput['role'] = 'signer'): RecipientInput => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}-${unique()}@example.com`,
  role,
});

export const signatureField = (recipient: number, page = 1, y = 600): FieldInput => ({
  recipient,
  type: 'signature',
  page,
  rect: { x: 72, y, width: 180, height: 80 },
  required: true,
});

/** A body with a signature field for each signer and approver (approvers' are optional). */
export function body(
  recipients: RecipientInput[],
  extra: Partial<CreateRequestInput> = {},
): CreateRequestInput {
  return {
    recipients,
    order: 'sequential',
    requireCode: false,
    fields: recipients.flatMap((r, i) => (r.role === 'viewer' ? [] : [signatureField(i, 1, 100 + i * 70)])),
    ...extra,
  };
}

export async function send(ctx: Ctx, agent: Agent, docId: number, b: CreateRequestInput) {
  const res = await agent.post(`/api/documents/${docId}/requests`, b);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request as import('#shared/requests/schemas.ts').SigningRequest;
}

/** The token of the n-th signing link mailed to this address, read from the SMTP catcher. */
export async function mailedToken(ctx: Ctx, email: string, nth = 1): Promise<string> {
  const links = await signingMails(ctx, email, nth);
  return links[nth - 1]!;
}

async function signingMails(ctx: Ctx, email: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await ctx.app.mail.flush();
    const links = ctx.smtp.received
      .filter((m) => m.to.includes(email) && /\/sign\//.test(m.text))
      .map((m) => linkIn(m, '/sign/').pathname.split('/').pop()!);
    if (links.length >= count || Date.now() > deadline) {
      if (links.length < count) throw new Error(`no signing link #${count} for ${email}`);
      return links;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function mailsTo(ctx: Ctx, email: string): Promise<ReceivedMail[]> {
  await ctx.app.mail.flush();
  await new Promise((r) => setTimeout(r, 50));
  return ctx.smtp.received.filter((m) => m.to.includes(email));
}

/** The Subject header, unfolded and with its RFC 2047 encoded words (Q or B) decoded. */
export function subjectOf(mail: ReceivedMail): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? '';
  return header
    .replace(/\?=\r?\n[ \t]+=\?/g, '?==?')
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** A recipient's browser: its own session and IP. */
export function recipientAgent(app: App) {
  const a = new Agent(app);
  a.ip = `192.0.2.${(++n % 200) + 1}`;
  return a;
}

/** Opens the page (which gives the browser its session and CSRF token) and finishes with a drawn signature. */
export async function signAs(ctx: Ctx, token: string, agent = recipientAgent(ctx.app)) {
  const view = await agent.get(`/api/sign/${token}`);
  expect(view.statusCode, view.body).toBe(200);
  const fields = view.json().fields as { id: number; type: string }[];
  const values = fields
    .filter((f) => f.type === 'signature' || f.type === 'initials')
    .map((f) => ({ fieldId: f.id, kind: 'image' as const, image: ctx.png, method: 'draw' as const }));
  return agent.post(`/api/sign/${token}/complete`, { values });
}

export async function readCode(ctx: Ctx, email: string, nth = 1) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await ctx.app.mail.flush();
    const codes = ctx.smtp.received
      .filter((m) => m.to.includes(email))
      .map((m) => /(\d{6}) is your Inkproof code/.exec(m.text)?.[1])
      .filter((c): c is string => !!c);
    if (codes.length >= nth) return codes[nth - 1]!;
    if (Date.now() > deadline) throw new Error(`no code #${nth} for ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The PDF attached to a mail (its filename and bytes), read from the raw MIME message; null when none is. */
export function pdfAttachment(mail: ReceivedMail): { filename: string; bytes: Buffer } | null {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(mail.raw)?.[1];
  if (!boundary) return null;
  for (const part of mail.raw.split(`--${boundary}`)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!/Content-Type: application\/pdf/i.test(headers)) continue;
    const filename = /filename="?([^"\r\n;]+)"?/i.exec(headers)?.[1] ?? '';
    return { filename, bytes: Buffer.from(part.slice(split).replace(/\s+/g, ''), 'base64') };
  }
  return null;
}
