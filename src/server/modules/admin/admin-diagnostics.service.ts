import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Diagnostics } from '#shared/admin/answers.ts';
import type { App } from '#server/app-types.ts';
import { ping } from '#server/db/kysely.ts';
import { audit, type Actor } from './actor.ts';

const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version: string };

/** Extra facts from features (the PDF signing certificate), registered by the features. */
export type { DiagnosticSource } from '#server/app-types.ts';

type Deps = Pick<
  App,
  | 'db'
  | 'dialect'
  | 'config'
  | 'mail'
  | 'emailStore'
  | 'log'
  | 'recentErrors'
  | 'diagnosticSources'
  | 'activity'
>;

/** What an admin checks when something is wrong: versions, database, memory, mail, recent errors. */
export class AdminDiagnosticsService {
  constructor(private readonly app: Deps) {}

  async report(): Promise<Diagnostics> {
    const { app } = this;
    const [healthy, size, migrations, extra] = await Promise.all([
      ping(app.db),
      this.databaseSize(),
      app.db
        .selectFrom('kysely_migration' as never)
        .select(['name' as never, 'timestamp' as never])
        .orderBy('name' as never)
        .execute()
        .catch((err: unknown) => {
          app.log.warn({ err }, 'diagnostics: migration list unavailable');
          return [];
        }) as Promise<{ name: string; timestamp: string }[]>,
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
      // A server started without a logger (logger: false) has no level: it logs nothing.
      logLevel: (app.log.level as string | undefined) ?? 'silent',
      recentErrors: [...app.recentErrors].reverse(),
      ...(Object.assign({}, ...extra) as Record<string, unknown>),
    };
  }

  async setLogLevel(actor: Actor, level: string) {
    this.app.log.level = level;
    await audit(this.app.activity, actor, `log level set to ${level}`);
    return this.app.log.level;
  }

  private async databaseSize(): Promise<number | null> {
    try {
      if (this.app.dialect === 'postgres') {
        const r = await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(
          this.app.db,
        );
        return Number(r.rows[0]?.n ?? 0);
      }
      const r = await sql<{
        n: number;
      }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(
        this.app.db,
      );
      return Number(r.rows[0]?.n ?? 0);
    } catch (err) {
      this.app.log.warn({ err }, 'diagnostics: database size unavailable');
      return null;
    }
  }
}
