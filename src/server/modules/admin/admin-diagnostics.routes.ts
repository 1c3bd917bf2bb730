import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { logLevelSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { ping } from '#server/db/kysely.ts';
import { currentUser, requireAdmin } from '#server/plugins/auth.ts';

const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version: string };

/** Extra facts from features (the PDF signing certificate), registered by the features. */
export type DiagnosticSource = () => Promise<Record<string, unknown>>;

async function databaseSize(app: App): Promise<number | null> {
  try {
    if (app.dialect === 'postgres') {
      const r = await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(app.db);
      return Number(r.rows[0]?.n ?? 0);
    }
    const r = await sql<{
      n: number;
    }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(app.db);
    return Number(r.rows[0]?.n ?? 0);
  } catch {
    return null;
  }
}

export function adminDiagnosticsRoutes(app: App) {
  const guard = { onRequest: requireAdmin };

  app.get('/api/admin/diagnostics', guard, async () => {
    const [healthy, size, migrations, extra] = await Promise.all([
      ping(app.db),
      databaseSize(app),
      app.db
        .selectFrom('kysely_migration' as never)
        .select(['name' as never, 'timestamp' as never])
        .orderBy('name' as never)
        .execute()
        .catch(() => []),
      Promise.all(app.diagnosticSources.map((s) => s().catch((e: Error) => ({ error: e.message })))),
    ]);
    const mem = process.memoryUsage();
    return {
      version: pkg.version,
      node: process.version,
      uptimeSeconds: Math.round(process.uptime()),
      database: { kind: app.dialect, healthy, sizeBytes: size, migrations },
      memory: { rssBytes: mem.rss, heapUsedBytes: mem.heapUsed, heapTotalBytes: mem.heapTotal },
      mail: {
        configured: app.mail.configured,
        source: app.emailStore.current.host ? 'settings' : app.config.smtpUrl ? 'environment' : 'outbox',
      },
      logLevel: app.log.level,
      recentErrors: [...app.recentErrors].reverse(),
      ...Object.assign({}, ...extra),
    };
  });

  app.post('/api/admin/diagnostics/mail-check', guard, async () => app.mail.check());

  app.put('/api/admin/diagnostics/log-level', { ...guard, schema: { body: logLevelSchema } }, async (req) => {
    app.log.level = req.body.level;
    await app.activity.log('admin-action', {
      userId: currentUser(req).id,
      ip: req.ip,
      detail: `log level set to ${req.body.level}`,
    });
    return { logLevel: app.log.level };
  });
}
