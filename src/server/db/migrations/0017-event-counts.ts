import { sql } from 'kysely';
import type { Db, Dialect } from '../kysely.ts';

/**
 * Decision 031: daily counters of sign-ups, signatures, uploads and signings,
 * counted when they happen, so the reports no longer count current rows (which deleting a user
 * rewrote). Filled from the rows there are today: the days before this migration still count
 * what is left of them, as the reports did.
 */
export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('event_counts')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_counts_pk', ['day', 'event'])
    .execute();

  const backfill = (
    event: string,
    table: 'users' | 'signatures' | 'documents',
    column: 'created_at' | 'signed_at',
  ) =>
    sql`insert into event_counts (day, event, count)
        select substr(${sql.ref(column)}, 1, 10), ${event}, count(*) from ${sql.table(table)}
        where ${sql.ref(column)} is not null group by substr(${sql.ref(column)}, 1, 10)`.execute(db);
  await backfill('signup', 'users', 'created_at');
  await backfill('signature-created', 'signatures', 'created_at');
  await backfill('document-uploaded', 'documents', 'created_at');
  await backfill('document-signed', 'documents', 'signed_at');
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('event_counts').execute();
}
