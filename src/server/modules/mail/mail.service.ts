import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import { PermanentJobError, type JobQueue } from '#server/modules/jobs/job-queue.ts';
import type { FileKind } from '#server/modules/documents/file-store.ts';
import { applySiteName, type MailContent } from './templates.ts';

const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

/**
 * A file sent with a mail: named by where it is stored and read when the mail is sent, so the
 * job's payload stays small (a signed PDF can be 10 MB).
 */
export interface MailAttachment {
  filename: string;
  contentType: 'application/pdf';
  file: { documentId: number; kind: FileKind };
}

/** One mail on the job queue: what to send, and the link to log when it can only be kept. */
export interface MailJob extends MailContent {
  to: string;
  link: string;
  createdAt: string;
  attachments?: MailAttachment[];
}

/** Attachments of one mail together at most (many servers refuse mails past 10-25 MB, base64 adds a third). */
export const MAIL_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;

declare module '#server/modules/jobs/job-queue.ts' {
  interface JobPayloads {
    'mail.send': MailJob;
  }
}

/** 5 attempts, 30-60 s after the first failure, then doubling: about 15 minutes at most before the outbox. */
const MAIL_ATTEMPTS = 5;
const MAIL_BACKOFF_MS = 60_000;

export interface SmtpOptions {
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'tls';
  user: string;
  password: string;
  from: string;
}

/**
 * Sends through SMTP when configured, from the job queue: a failed send is retried with backoff,
 * and a mail that still fails after the last attempt (or is refused for good) is kept in the
 * outbox with the reason, never lost. Without SMTP every mail goes to the outbox and its link is
 * logged, so a newcomer running the product locally can still finish sign-up.
 */
export class MailService {
  private transport: Transporter | null = null;
  private from: string;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly envSmtpUrl: string | undefined,
    private readonly envFrom: string,
    private readonly jobs: JobQueue,
    /** The admin's site name, read when a mail is sent: a rename applies to every mail after it. */
    private readonly siteName: () => string,
    /** Reads an attachment's stored file (the documents' file store); null when it is gone. */
    private readonly loadFile: (file: MailAttachment['file']) => Promise<Buffer | null>,
  ) {
    this.from = envFrom;
    this.configure(null);
    jobs.register('mail.send', (job) => this.deliverJob(job), {
      maxAttempts: MAIL_ATTEMPTS,
      backoffMs: MAIL_BACKOFF_MS,
      onFailed: (job, err) =>
        this.keep(job.to, applySiteName(job, this.siteName()), job.createdAt, err.message.slice(0, 500)),
    });
  }

  /**
   * The sender: the configured address; the default one (no MAIL_FROM, "Inkproof <no-reply@…>")
   * is shown with the site name.
   */
  private sender(): string | { name: string; address: string } {
    const found = /^Inkproof <([^<>\s]+)>$/.exec(this.from);
    return found ? { name: this.siteName().replace(/[\r\n]+/g, ' '), address: found[1]! } : this.from;
  }

  /** Admin settings win over SMTP_URL; null falls back to the environment (or the outbox). */
  configure(smtp: SmtpOptions | null) {
    this.transport?.close();
    if (smtp) {
      this.transport = nodemailer().createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.security === 'tls',
        requireTLS: smtp.security === 'starttls',
        ignoreTLS: smtp.security === 'none',
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
      });
      this.from = smtp.from;
    } else {
      this.transport = this.envSmtpUrl ? nodemailer().createTransport(this.envSmtpUrl) : null;
      this.from = this.envFrom;
    }
  }

  /** Opens a connection to the SMTP server and says whether it answered (diagnostics). */
  async check(): Promise<{ ok: boolean; message: string }> {
    if (!this.transport)
      return { ok: false, message: 'No SMTP server is configured: mails wait in the outbox' };
    try {
      await this.transport.verify();
      return { ok: true, message: 'The SMTP server accepted the connection' };
    } catch (err) {
      return {
        ok: false,
        message: `The SMTP server did not accept the connection: ${(err as Error).message}`,
      };
    }
  }

  /** Sends now and reports the outcome (the admin's test e-mail). */
  async sendNow(to: string, mail: MailContent): Promise<{ ok: boolean; message: string }> {
    if (!this.transport) return { ok: false, message: 'No SMTP server is configured' };
    try {
      await this.deliver(this.transport, to, applySiteName(mail, this.siteName()));
      return { ok: true, message: `Test e-mail sent to ${to}` };
    } catch (err) {
      return { ok: false, message: `Sending failed: ${(err as Error).message}` };
    }
  }

  private readonly pending = new Set<Promise<void>>();

  /** Queues without making the caller wait, so response time says nothing about the address. */
  sendInBackground(to: string, mail: MailContent, link: string, attachments?: MailAttachment[]) {
    const p = this.send(to, mail, link, attachments)
      .catch((err: Error) => this.log.error({ err: err.message }, 'mail could not be queued'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Waits until every mail queued so far has been sent, kept, or set for a later retry (tests). */
  async flush() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    await this.jobs.drain(['mail.send']);
  }

  get configured() {
    return this.transport !== null;
  }

  /** Puts the mail on the job queue; a worker of any instance sends it. */
  async send(to: string, mail: MailContent, link: string, attachments?: MailAttachment[]): Promise<void> {
    await this.jobs.enqueue('mail.send', {
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      link,
      createdAt: iso(this.clock.now()),
      ...(attachments?.length ? { attachments } : {}),
    });
  }

  /** A transport given directly (benchmarks use one that sends nowhere); null: the outbox. */
  useTransport(transport: Transporter | null) {
    this.transport?.close();
    this.transport = transport;
  }

  private async deliverJob(queued: MailJob) {
    const job = applySiteName(queued, this.siteName());
    const transport = this.transport;
    if (!transport) {
      await this.keep(job.to, job, job.createdAt, null);
      this.log.info(
        { to: job.to, subject: job.subject, link: job.link },
        'mail kept in outbox (no SMTP configured)',
      );
      return;
    }
    try {
      await this.deliver(transport, job.to, job, await this.attachmentsOf(job));
    } catch (err) {
      // 5xx: the server refused this mail for good (unknown mailbox, policy); retrying cannot help.
      const code = (err as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500) throw new PermanentJobError((err as Error).message);
      throw err;
    }
  }

  /**
   * The files to attach, read now. A file that is gone, or that would take the mail past the cap,
   * is left out: every mail that attaches a file also carries a link to it.
   */
  private async attachmentsOf(job: MailJob) {
    const out: { filename: string; content: Buffer; contentType: string }[] = [];
    let total = 0;
    for (const a of job.attachments ?? []) {
      const content = await this.loadFile(a.file);
      if (!content || total + content.length > MAIL_ATTACHMENTS_MAX_BYTES) continue;
      total += content.length;
      out.push({ filename: a.filename, content, contentType: a.contentType });
    }
    return out;
  }

  private deliver(
    transport: Transporter,
    to: string,
    mail: MailContent,
    attachments: { filename: string; content: Buffer; contentType: string }[] = [],
  ) {
    return transport.sendMail({
      from: this.sender(),
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(attachments.length ? { attachments } : {}),
    });
  }

  /** The outbox holds mails with no SMTP to send them and mails that failed (with the reason). */
  private async keep(to: string, mail: MailContent, createdAt: string, error: string | null) {
    await this.db
      .insertInto('outbox')
      .values({
        to_address: to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        created_at: createdAt,
        error,
      })
      .execute();
  }

  /** After the queue has stopped: waits for mails still being queued, then closes the transport. */
  async close() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    this.transport?.close();
  }
}
