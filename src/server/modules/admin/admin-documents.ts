import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import type { App } from '../../app.ts';
import { iso } from '../../lib/clock.ts';
import { currentUser, requireAdmin } from '../../plugins/auth.ts';
import { describeIdentity } from '../pdf/certificate.ts';

/** Documents in the admin area: dashboard counts, report series, the signing certificate. */
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
    const info = describeIdentity(identity);
    const expiresInDays = info
      ? Math.floor((Date.parse(info.notAfter) - app.clock.now()) / 86_400_000)
      : null;
    return {
      certificate: info ? { ...info, expiresInDays } : { error: 'The signing certificate could not be read' },
    };
  });

  app.get('/api/admin/documents/summary', { onRequest: requireAdmin }, async () => documentCounts(app));

  // An admin may replace the server's self-signed certificate with their own PKCS#12 (.p12/.pfx).
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 100 * 1024, files: 1, fields: 2 } });
    scope.put('/api/admin/signing-certificate', { onRequest: requireAdmin }, async (req, reply) => {
      let p12: Buffer | null = null;
      let password = '';
      for await (const part of req.parts()) {
        if (part.type === 'file') p12 = await part.toBuffer().catch(() => null);
        else if (part.fieldname === 'password') password = String(part.value ?? '');
      }
      if (!p12 || p12.length === 0)
        return reply.code(400).send({ message: 'Choose a PKCS#12 (.p12 or .pfx) file' });
      const result = await app.documents.identity.replace(p12, password);
      if (result.kind !== 'ok') {
        return reply.code(400).send({
          message: 'The file is not a PKCS#12 with a certificate and key, or the password is wrong',
        });
      }
      await app.activity.log('admin-action', {
        userId: currentUser(req).id,
        ip: req.ip,
        detail: `PDF signing certificate replaced (${result.subject})`,
      });
      return { message: 'The new certificate signs documents from now on', subject: result.subject };
    });
  });
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
