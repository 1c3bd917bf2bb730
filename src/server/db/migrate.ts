import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './kysely.ts';
import * as m0001 from './migrations/0001-accounts.ts';
import * as m0002 from './migrations/0002-signatures.ts';
import * as m0003 from './migrations/0003-settings.ts';
import * as m0004 from './migrations/0004-documents.ts';
import * as m0005 from './migrations/0005-analytics.ts';
import * as m0006 from './migrations/0006-admin.ts';
import * as m0007 from './migrations/0007-blog.ts';
import * as m0008 from './migrations/0008-admin-indexes.ts';
import * as m0009 from './migrations/0009-signature-lookups.ts';
import * as m0010 from './migrations/0010-signature-images.ts';
import * as m0011 from './migrations/0011-pending-signups.ts';
import * as m0012 from './migrations/0012-storage-quotas.ts';
import * as m0013 from './migrations/0013-jobs.ts';
import * as m0014 from './migrations/0014-signing-requests.ts';
import * as m0015 from './migrations/0015-seals.ts';
import * as m0016 from './migrations/0016-account-security.ts';
import * as m0017 from './migrations/0017-event-counts.ts';
import * as m0019 from './migrations/0019-signed-page-count.ts';
import * as m0020 from './migrations/0020-document-sealed-link.ts';
import * as m0021 from './migrations/0021-lookup-counts-fillfactor.ts';
import * as m0022 from './migrations/0022-file-parts.ts';
import * as m0023 from './migrations/0023-recipients-download-link.ts';
import * as m0024 from './migrations/0024-log-pending.ts';
import * as m0025 from './migrations/0025-api-tokens.ts';
import * as m0026 from './migrations/0026-webhooks.ts';
import * as m0027 from './migrations/0027-templates.ts';
import * as m0028 from './migrations/0028-bulk-sends.ts';

type DialectMigration = { up(db: Db, dialect: Dialect): Promise<void>; down?(db: Db): Promise<void> };

const all: Record<string, DialectMigration> = {
  '0001-accounts': m0001,
  '0002-signatures': m0002,
  '0003-settings': m0003,
  '0004-documents': m0004,
  '0005-analytics': m0005,
  '0006-admin': m0006,
  '0007-blog': m0007,
  '0008-admin-indexes': m0008,
  '0009-signature-lookups': m0009,
  '0010-signature-images': m0010,
  '0011-pending-signups': m0011,
  '0012-storage-quotas': m0012,
  '0013-jobs': m0013,
  '0014-signing-requests': m0014,
  '0015-seals': m0015,
  '0016-account-security': m0016,
  '0017-event-counts': m0017,
  '0019-signed-page-count': m0019,
  // 0018 is unused: 0019 landed first, and a database that ran 0019 refuses an older name after it.
  '0020-document-sealed-link': m0020,
  '0021-lookup-counts-fillfactor': m0021,
  '0022-file-parts': m0022,
  '0023-recipients-download-link': m0023,
  '0024-log-pending': m0024,
  '0025-api-tokens': m0025,
  '0026-webhooks': m0026,
  '0027-templates': m0027,
  '0028-bulk-sends': m0028,
};

/** Runs every migration not yet run; `upTo` (tests of a migration's data move) stops after that one. */
export async function migrateToLatest(db: Db, dialect: Dialect, upTo?: string): Promise<string[]> {
  // By name, not by listing order: branches add migrations in parallel (0013-0015 land beside 0016).
  const entries = Object.entries(all).sort(([a], [b]) => a.localeCompare(b));
  const last = upTo ? entries.findIndex(([name]) => name === upTo) : entries.length - 1;
  if (last < 0) throw new Error(`no migration named ${upTo}`);
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        entries
          .slice(0, last + 1)
          .map(([name, m]): [string, Migration] => [
            name,
            { up: (d) => m.up(d as Db, dialect), ...(m.down ? { down: (d) => m.down!(d as Db) } : {}) },
          ]),
      ),
  };
  // Kysely looks for its own tables across every schema; name ours, or another schema's tables fool it.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
