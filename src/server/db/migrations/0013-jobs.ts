import { sql } from 'kysely';
import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

/**
 * The durable job queue (decision 025): mails, reminders and expiries wait here
 * until a worker of any instance claims them. `run_at` is when a queued job is due; a running job
 * belongs to `locked_by` until `locked_until` (its lease), after which any worker may take it over.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);
  await db.schema
    .createTable('jobs')
    .addColumn('id', idType, idBuild)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('key', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // The claim reads due jobs in order straight from this index; counts by status use its prefix.
  await db.schema
    .createIndex('jobs_status_run_at_idx')
    .on('jobs')
    .columns(['status', 'run_at', 'id'])
    .execute();
  // At most one waiting job per key; a running or finished one does not block the next.
  await db.schema
    .createIndex('jobs_waiting_key_idx')
    .on('jobs')
    .column('key')
    .unique()
    .where(sql.ref('status'), '=', 'queued')
    .execute();
}
