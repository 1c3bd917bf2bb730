import { sql } from 'kysely';
import { signingCertificateMessages } from '#shared/admin/signing-certificate.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import { describeCertificate } from '../pdf/certificate.ts';

/** Documents in the admin area: dashboard counts, report series, the certificate in diagnostics. */
export function adminDocumentRoutes(app: App) {
  app.reports.sources.push(async (from, toExclusive) => {
    const byDay = (column: 'created_at' | 'signed_at') =>
      app.db
        .selectFrom('documents')
        .select([sql<string>`substr(${sql.ref(column)}, 1, 10)`.as('day'), sql<number>`count(*)`.as('n')])
        .where(column, '>=', from)
        .where(column, '<', toExclusive)
        .groupBy(sql`substr(${sql.ref(column)}, 1, 10)`)
        .execute();
    const [uploaded, signed] = await Promise.all([byDay('created_at'), byDay('signed_at')]);
    const toMap = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
    return { documentsUploaded: toMap(uploaded), documentsSigned: toMap(signed) };
  });

  app.diagnosticSources.push(async () => {
    const identity = await app.documents.identity.load();
    const info = describeCertificate(identity.p12, identity.password);
    if (!info) return { certificate: { error: signingCertificateMessages.unreadable } };
    const { subject, issuer, notBefore, notAfter } = info;
    const expiresInDays = Math.floor((Date.parse(notAfter) - app.clock.now()) / 86_400_000);
    return { certificate: { subject, issuer, notBefore, notAfter, expiresInDays } };
  });

  app.get('/api/admin/documents/summary', { onRequest: requireAdmin }, async () => documentCounts(app));
}

export async function documentCounts(app: App) {
  const now = iso(app.clock.now());
  const row = await app.db
    .selectFrom('documents as d')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(case when d.signed_at is not null then 1 else 0 end)`.as('signed'),
      sql<number>`sum(case when d.signed_at is null and exists (select 1 from share_links s where s.document_id = d.id and s.revoked_at is null and (s.expires_at is null or s.expires_at > ${now})) then 1 else 0 end)`.as(
        'shared',
      ),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const signed = Number(row.signed ?? 0);
  const shared = Number(row.shared ?? 0);
  return { total, signed, shared, pending: total - signed - shared };
}
