import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/kysely.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import type { MailContent } from './templates.ts';

/**
 * Sends through SMTP when configured. Without SMTP every mail waits in the outbox table and its
 * link is logged, so a newcomer running the product locally can still finish sign-up.
 */
export class MailService {
  private transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
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
      await this.db
        .insertInto('outbox')
        .values({
          to_address: to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          created_at: created,
        })
        .execute();
      this.log.info({ to, subject: mail.subject, link }, 'mail kept in outbox (no SMTP configured)');
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (err) {
      // A failed send must not reveal whether the address exists; keep it for the admin to see.
      this.log.error({ err: (err as Error).message, subject: mail.subject }, 'mail delivery failed');
      await this.db
        .insertInto('outbox')
        .values({
          to_address: to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          created_at: created,
          error: (err as Error).message.slice(0, 500),
        })
        .execute();
    }
  }

  close() {
    this.transport?.close();
  }
}
