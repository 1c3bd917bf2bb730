import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  type Dialect as KyselyDialect,
  SqliteDialect,
  sql,
  type Compilable,
  type InferResult,
} from 'kysely';
import type Pg from 'pg';
import { lazyRequire } from '../lib/lazy-require.ts';
import { Checkpointer, type CheckpointOptions } from './checkpointer.ts';
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
  /** When the SQLite checkpoint worker starts and how often it looks (tests; decision 038). */
  checkpoints?: CheckpointOptions;
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
  const dialect = new SqliteDialect({ database: handle });
  if (file === ':memory:') {
    const db = new Kysely<Database>({ dialect });
    sqliteHandles.set(db, handle);
    return { db, dialect: 'sqlite' };
  }
  // A file has a write-ahead log: copied into the database by a worker thread, not in commits.
  const checkpointer = new Checkpointer(path.resolve(file), database, opts.checkpoints);
  const db = new Kysely<Database>({ dialect: closingAfter(dialect, () => checkpointer.close()) });
  sqliteHandles.set(db, handle);
  checkpointers.set(db, checkpointer);
  return { db, dialect: 'sqlite' };
}

const checkpointers = new WeakMap<Db, Checkpointer>();

/** The SQLite checkpoint worker of a database; null for ':memory:' and PostgreSQL. */
export function checkpointerOf(db: Db): Checkpointer | null {
  return checkpointers.get(db) ?? null;
}

/** `db.destroy()` closes the connection, then runs `after` (Kysely's SQLite driver closes synchronously). */
function closingAfter(dialect: KyselyDialect, after: () => Promise<void>): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      const destroy = driver.destroy.bind(driver);
      driver.destroy = async () => {
        await destroy();
        await after();
      };
      return driver;
    },
  };
}

type KeptHandle = {
  database: SQLite.Database;
  /** `raw`: a statement of its own that returns rows as arrays (raw mode is a statement's state). */
  prepare(sqlText: string, raw?: 'raw'): SQLite.Statement;
  close(): void;
};

const sqliteHandles = new WeakMap<Db, KeptHandle>();

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
    prepare(sqlText, raw) {
      const key = raw ? `raw:${sqlText}` : sqlText;
      let stmt = statements.get(key);
      if (!stmt) {
        stmt = database.prepare(sqlText);
        if (raw) stmt.raw(true);
        statements.set(key, stmt);
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

/**
 * A single-row query for the hottest paths (session and signature look-ups), compiled once from
 * a builder whose parameters are placeholders. On SQLite it runs the prepared statement directly,
 * skipping Kysely's per-query machinery (measured: about a third of a look-up's cost).
 */
export function pointQuery<Q extends Compilable<any>>(db: Db, query: Q) {
  type Row = InferResult<Q>[number];
  const text = query.compile().sql;
  const handle = sqliteHandles.get(db);
  if (handle) {
    const stmt = handle.prepare(text);
    return (params: unknown[]): Promise<Row | undefined> =>
      Promise.resolve(stmt.get(params) as Row | undefined);
  }
  const pool = pgPools.get(db);
  if (pool) {
    // A named statement: parsed and planned once per connection, then each call is one bind and
    // execute on a pooled connection, without Kysely's per-query connection round-up.
    const name = `point_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    return async (params: unknown[]): Promise<Row | undefined> =>
      (await pool.query({ name, text, values: params })).rows[0] as Row | undefined;
  }
  return async (params: unknown[]): Promise<Row | undefined> =>
    (await db.executeQuery(CompiledQuery.raw(text, params))).rows[0] as Row | undefined;
}

/**
 * Point reads by one key for the hottest path (the public look-up): every read asked for in one
 * turn of the event loop is answered together, in that turn's check phase (decision 042).
 *
 * - SQLite: the batch runs in one read transaction, so SQLite takes and drops its WAL read lock
 *   (two fcntl calls and an fstat) once per batch instead of once per read, and rows come back as
 *   arrays, made into objects by a function written for the query's columns (better-sqlite3 sets
 *   a row's properties one by one). A batch of one runs alone: BEGIN and COMMIT would cost more.
 * - PostgreSQL: the batch is one named query for all its distinct keys (`many`, `= any($1)`): one
 *   round trip and one execution instead of one per look-up.
 *
 * The snapshot is taken after every read of its batch was asked for, so no answer is older than
 * its request. `key` gives a row's key as the caller passes it (rows are matched to requests by it).
 */
export function batchedPointReads<Q extends Compilable<any>, K extends string | number>(
  db: Db,
  q: { one: Q; many: Compilable<any>; key: (row: InferResult<Q>[number]) => K },
) {
  type Row = InferResult<Q>[number];
  let waiting: Pending<Row, K>[] = [];
  let batches = 0;
  const run = readBatch<Row, K>(db, q);
  const flush = () => {
    const batch = waiting;
    waiting = [];
    batches++;
    run(batch);
  };
  const read = (key: K) =>
    new Promise<Row | undefined>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
  /** Batches run so far (tests check reads really share one). */
  read.batches = () => batches;
  return read;
}

type Pending<Row, K> = { key: K; resolve: (row: Row | undefined) => void; reject: (err: unknown) => void };

function readBatch<Row, K extends string | number>(
  db: Db,
  q: { one: Compilable<any>; many: Compilable<any>; key: (row: Row) => K },
): (batch: Pending<Row, K>[]) => void {
  const text = q.one.compile().sql;
  const handle = sqliteHandles.get(db);
  if (handle) {
    const stmt = handle.prepare(text, 'raw');
    const toRow = rowMaker(stmt.columns().map((c) => c.name)) as (values: unknown[]) => Row;
    const getOne = (p: Pending<Row, K>) => {
      try {
        const values = stmt.get(p.key) as unknown[] | undefined;
        p.resolve(values && toRow(values));
      } catch (err) {
        p.reject(err);
      }
    };
    const getAll = handle.database.transaction((batch: Pending<Row, K>[]) => batch.forEach(getOne));
    return (batch) => {
      if (batch.length === 1) return getOne(batch[0]!);
      try {
        getAll(batch);
      } catch (err) {
        // BEGIN or COMMIT failed (a read transaction has nothing to commit): the reads that had
        // not answered yet answer with it (a settled promise ignores a second answer)
        for (const p of batch) p.reject(err);
      }
    };
  }
  const pool = pgPools.get(db);
  const many = q.many.compile().sql;
  const name = `many_${crypto.createHash('sha1').update(many).digest('hex').slice(0, 16)}`;
  return (batch) => {
    const keys = [...new Set(batch.map((p) => p.key))];
    const rows = pool
      ? pool.query({ name, text: many, values: [keys] }).then((r) => r.rows as Row[])
      : db.executeQuery(CompiledQuery.raw(many, [keys])).then((r) => r.rows as Row[]);
    rows.then(
      (found) => {
        const byKey = new Map(found.map((row) => [q.key(row), row]));
        for (const p of batch) p.resolve(byKey.get(p.key));
      },
      (err: unknown) => {
        for (const p of batch) p.reject(err);
      },
    );
  };
}

/**
 * A function that makes an object of a raw row, one property per column, written as an object
 * literal: V8 then gives every row the same shape at once (about 0.4 µs a row less than setting
 * the properties in a loop). The names come from our own prepared statement and are quoted.
 */
function rowMaker(columns: string[]): (values: unknown[]) => Record<string, unknown> {
  const props = columns.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${props} };`) as (values: unknown[]) => Record<string, unknown>;
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether queries on `db` run synchronously on the event loop (SQLite): a long run of them holds
 * every request until it ends, where on PostgreSQL the loop goes on while a query is out.
 */
export const runsOnEventLoop = (db: Db): boolean => sqliteHandles.has(db);

/**
 * Runs one compiled statement for many parameter lists in a single transaction: on SQLite with
 * the prepared statement directly (a few microseconds a row), elsewhere through Kysely. For
 * batched counter flushes, which would otherwise compete with the hot path for the connection.
 */
export function batchStatement<Q extends Compilable<any>>(db: Db, query: Q) {
  const text = query.compile().sql;
  const handle = sqliteHandles.get(db);
  if (handle) {
    const stmt = handle.prepare(text);
    const runAll = handle.database.transaction((rows: unknown[][]) => {
      for (const params of rows) stmt.run(params);
    });
    return async (rows: unknown[][]) => {
      runAll(rows);
    };
  }
  return async (rows: unknown[][]) => {
    await db.transaction().execute(async (trx) => {
      for (const params of rows) await trx.executeQuery(CompiledQuery.raw(text, params));
    });
  };
}
