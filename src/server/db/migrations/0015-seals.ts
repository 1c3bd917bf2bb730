import { sql } from 'kysely';
import type { Db, Dialect } from '../kysely.ts';

/**
 * Instance signing keys and the transparency log (decision 029).
 *
 * `seal_keys`: ES256 keys; the private half sealed with the settings SecretBox. At most one row is
 * active (partial unique index), so instances starting together agree on one; retired rows stay
 * for ever, their public halves listed with their validity.
 *
 * The log is an RFC 9162 Merkle tree. `log_leaves` holds each entry and its leaf hash at its index;
 * `log_nodes` every complete subtree's hash (level ≥ 1, index within the level), written as the
 * tree grows, so a proof is a handful of point reads; `log_state` is the one row appends lock and
 * move forward (size and root); `log_heads` the signed tree heads, never rewritten.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  const big = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('seal_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('private_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .addColumn('valid_until', 'text')
    .execute();
  await sql`create unique index seal_keys_one_active on seal_keys (status) where status = 'active'`.execute(
    db,
  );

  await db.schema
    .createTable('log_leaves')
    .addColumn('idx', big, (c) => c.primaryKey())
    .addColumn('leaf_hash', binary, (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .execute();
  const nodes = db.schema
    .createTable('log_nodes')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('idx', big, (c) => c.notNull())
    .addColumn('hash', binary, (c) => c.notNull())
    .addPrimaryKeyConstraint('log_nodes_pk', ['level', 'idx']);
  await (dialect === 'sqlite' ? nodes.modifyEnd(sql`without rowid`) : nodes).execute();
  await db.schema
    .createTable('log_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('tree_size', big, (c) => c.notNull())
    .addColumn('root_hash', binary, (c) => c.notNull())
    .execute();
  await db
    .insertInto('log_state')
    .values({
      id: 1,
      tree_size: 0,
      root_hash: Buffer.from('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'hex'),
    })
    .execute();
  await db.schema
    .createTable('log_heads')
    .addColumn('tree_size', big, (c) => c.primaryKey())
    .addColumn('root_hash', binary, (c) => c.notNull())
    .addColumn('timestamp_ms', big, (c) => c.notNull())
    .addColumn('kid', 'text', (c) => c.notNull())
    .addColumn('signature', binary, (c) => c.notNull())
    .execute();
}
