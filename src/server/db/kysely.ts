import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type Pg from 'pg';
import { lazyRequire } from '../lib/lazy-require.ts';
import { OwnSchemaPostgresDialect } from './introspector.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

/** The driver, loaded with the first PostgreSQL database (SQLite instances never load it). */
const pgDriver = lazyRequire<typeof Pg>('pg');
let typesSet = false;

export interface DbOptions {
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  pgSchema?: string;
}

export function createDb(opts: DbOptions): { db: Db; dialect: Dialect } {
  if (opts.databaseUrl) {
    const pg = pgDriver();
    if (!typesSet) {
      typesSet = true;
      // COUNT(*) and BIGINT arrive as strings from pg; our counts fit in a JS number.
      pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    }
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    pgPools.set(db, pool);
    return { db, dialect: 'postgres' };
  }
  const file = opts.sqliteFile ?? './data/inkproof.db';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  const handle = keptHandle(database);
  // exec(), not pragma(): pragma() prepares a throw-away statement (see keptHandle).
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec('PRAGMA synchronous = NORMAL');
  // Reads come straight from the mapped file instead of a read() per page that misses SQLite's
  // small page cache: a random look-up over 100,000 signatures touches 2-3 such pages.
  if (file !== ':memory:') database.exec('PRAGMA mmap_size = 268435456');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: handle }) });
  return { db, dialect: 'sqlite' };
}

type KeptHandle = {
  database: SQLite.Database;
  prepare(sqlText: string): SQLite.Statement;
  close(): void;
};

/**
 * Every better-sqlite3 object (database, statement) this process creates, kept until it exits.
 * They are node::ObjectWrap instances; built against Node 24.19+ headers, one that V8 collects in a
 * garbage collection run from its own task (no JavaScript context entered) aborts the process in
 * RemoveEnvironmentCleanupHook (nodejs/node#65446, decision 020). So none may become garbage:
 * statements are prepared once per SQL text and reused (preparing costs more than running a point
 * look-up here; our queries have about a hundred distinct texts), `close()` finalises them all.
 */
const keptUntilExit = new Set<KeptHandle>();

function keptHandle(database: SQLite.Database): KeptHandle {
  const statements = new Map<string, SQLite.Statement>();
  const handle: KeptHandle = {
    database,
    // Kysely runs cached statements with all()/run(), which finish synchronously, so sharing is safe.
    prepare(sqlText) {
      let stmt = statements.get(sqlText);
      if (!stmt) {
        stmt = database.prepare(sqlText);
        statements.set(sqlText, stmt);
      }
      return stmt;
    },
    close: () => database.close(),
  };
  keptUntilExit.add(handle);
  return handle;
}

const pgPools = new WeakMap<Db, Pg.Pool>();

/**
 * The connection pool's state, for metrics. SQLite has one synchronous connection: a query runs
 * to its end on the event loop, so at any moment it is idle and nothing waits for it.
 */
export function poolStats(db: Db): { max: number; open: number; idle: number; waiting: number } {
  const pool = pgPools.get(db);
  if (!pool) return { max: 1, open: 1, idle: 1, waiting: 0 };
  return { max: pool.options.max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
