import { sql } from 'kysely';
import type { DocumentCounts } from '#shared/admin/answers.ts';
import { signingCertificateMessages } from '#shared/admin/signing-certificate.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { describeCertificate } from '../pdf/certificate.ts';

const DAY_MS = 86_400_000;

/** Documents in the admin area: dashboard counts and the certificate in diagnostics (reports count uploads and signings as they happen). */
export class AdminDocumentsService {
  constructor(private readonly app: Pick<App, 'db' | 'clock' | 'documents'>) {}

  async counts(): Promise<DocumentCounts> {
    const now = iso(this.app.clock.now());
    const row = await this.app.db
      .selectFrom('documents as d')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`sum(case when d.status = 'signed' then 1 else 0 end)`.as('signed'),
        sql<number>`sum(case when d.status = 'awaiting' then 1 else 0 end)`.as('awaiting'),
        sql<number>`sum(case when d.status = 'completed' then 1 else 0 end)`.as('completed'),
        sql<number>`sum(case when d.status = 'pending' and exists (select 1 from share_links s where s.document_id = d.id and s.revoked_at is null and (s.expires_at is null or s.expires_at > ${now})) then 1 else 0 end)`.as(
          'shared',
        ),
      ])
      .where('d.purpose', '=', 'document')
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    const signed = Number(row.signed ?? 0);
    const shared = Number(row.shared ?? 0);
    const awaiting = Number(row.awaiting ?? 0);
    const completed = Number(row.completed ?? 0);
    return {
      total,
      signed,
      shared,
      awaiting,
      completed,
      pending: total - signed - shared - awaiting - completed,
    };
  }

  /** The PDF signing certificate's facts for the diagnostics page. */
  readonly certificate = async () => {
    const identity = await this.app.documents.identity.load();
    const info = describeCertificate(identity);
    if (!info) return { certificate: { error: signingCertificateMessages.unreadable } };
    const { subject, issuer, notBefore, notAfter } = info;
    const expiresInDays = Math.floor((Date.parse(notAfter) - this.app.clock.now()) / DAY_MS);
    return { certificate: { subject, issuer, notBefore, notAfter, expiresInDays } };
  };
}
