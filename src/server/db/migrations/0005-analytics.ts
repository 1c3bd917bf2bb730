import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);
  await db.schema
    .createTable('page_views')
    .addColumn('id', idType, idBuild)
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text')
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('page_views_created_idx')
    .on('page_views')
    .columns(['created_at', 'path'])
    .execute();
}
