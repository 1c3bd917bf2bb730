import type { Db, Dialect } from '../kysely.ts';

/**
 * Decision 041: a log leaf is appended only once what it records has committed. An issuance takes
 * its index before its row exists (the sealed link carries it), as a `log_pending` row in state
 * `reserved`; the item's own transaction marks it `ready`, so the two commit together. The log
 * appends pending rows strictly in index order; a reservation whose item never committed becomes
 * `void` and its place an `index.unused` leaf. `log_state.next_idx` is the next index to hand out.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('log_state')
    .addColumn('next_idx', big, (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('log_state')
    .set((eb) => ({ next_idx: eb.ref('tree_size') }))
    .execute();
  await db.schema
    .createTable('log_pending')
    .addColumn('idx', big, (c) => c.primaryKey())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reserved_at', 'text', (c) => c.notNull())
    .execute();
}
