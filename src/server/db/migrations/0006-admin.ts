import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);
  // Counters by day (look-ups found / not found / limited, page views by path, …): reports read
  // these small tables instead of scanning millions of raw rows.
  await db.schema
    .createTable('daily_stats')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_stats_pk', ['day', 'metric'])
    .execute();
  await db.schema
    .createTable('ip_stats')
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('lookups', 'integer', (c) => c.notNull())
    .addColumn('limited', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ip_stats_pk', ['hour', 'ip'])
    .execute();
  await db.schema.createIndex('ip_stats_ip_idx').on('ip_stats').columns(['ip', 'hour']).execute();
  await db.schema
    .createTable('blocked_ips')
    .addColumn('ip', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('support_messages')
    .addColumn('id', idType, idBuild)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_event_idx')
    .on('activity_log')
    .columns(['event', 'created_at'])
    .execute();
  await db.schema
    .createIndex('activity_user_idx')
    .on('activity_log')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('signatures_created_idx').on('signatures').column('created_at').execute();
}
