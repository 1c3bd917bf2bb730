import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyRequire } from '#server/lib/lazy-require.ts';

const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { MailContent } from './templates.ts';

export interface SmtpOptions {
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'tls';
  user: string;
  password: string;
  from: string;
}

/**
 * Sends through SMTP when configured. Without SMTP every mail waits in the outbox table and its
 * link is logged, so a newcomer running the product locally can still finish sign-up.
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
  ) {
    this.from = envFrom;
    this.configure(null);
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
      await this.deliver(this.transport, to, mail);
      return { ok: true, message: `Test e-mail sent to ${to}` };
    } catch (err) {
      return { ok: false, message: `Sending failed: ${(err as Error).message}` };
    }
  }

  private readonly pending = new Set<Promise<void>>();

  /** Sends without making the caller wait, so response time says nothing about the address. */
  sendInBackground(to: string, mail: MailContent, link: string) {
    const p = this.send(to, mail, link)
      .catch((err: Error) => this.log.error({ err: err.message }, 'mail could not be queued'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Waits for mails still being handed over (shutdown, tests). */
  async flush() {
    await Promise.all([...this.pending]);
  }

  get configured() {
    return this.transport !== null;
  }

  async send(to: string, mail: MailContent, link: string): Promise<void> {
    const created = iso(this.clock.now());
    if (!this.transport) {
      await this.keep(to, mail, created, null);
      this.log.info({ to, subject: mail.subject, link }, 'mail kept in outbox (no SMTP configured)');
      return;
    }
    try {
      await this.deliver(this.transport, to, mail);
    } catch (err) {
      // A failed send must not reveal whether the address exists; keep it for the admin to see.
      this.log.error({ err: (err as Error).message, subject: mail.subject }, 'mail delivery failed');
      await this.keep(to, mail, created, (err as Error).message.slice(0, 500));
    }
  }

  private deliver(transport: Transporter, to: string, mail: MailContent) {
    return transport.sendMail({
      from: this.from,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
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

  close() {
    this.transport?.close();
  }
}
