import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** Exit codes of `npm run backup` and `npm run restore`, also listed in the README. */
export const EXIT = {
  ok: 0,
  failed: 1,
  /** Refused before doing anything: bad arguments, PostgreSQL, target exists, current file unreadable. */
  refused: 2,
  /** A server (or another process) has the database open. */
  inUse: 3,
  /** The file to restore (or a fresh copy) is not a sound Inkproof database. */
  badFile: 4,
} as const;

export type Outcome =
  | { kind: 'ok'; summary: DatabaseSummary; notes: string[] }
  | { kind: 'refused'; exit: (typeof EXIT)[keyof typeof EXIT]; message: string };

export const refuse = (exit: (typeof EXIT)[keyof typeof EXIT], message: string): Outcome => ({
  kind: 'refused',
  exit,
  message,
});

export interface DatabaseSummary {
  file: string;
  bytes: number;
  tables: { name: string; rows: number }[];
  migrations: string[];
}

export type Inspection = { kind: 'ok'; summary: DatabaseSummary } | { kind: 'bad'; reason: string };

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Checks a database file that no one else uses: SQLite header, `PRAGMA integrity_check`, and
 * row counts. `standalone` turns a WAL-flagged copy into a single self-contained file first.
 */
export function inspectSqliteFile(file: string, opts: { standalone?: boolean } = {}): Inspection {
  const head = Buffer.alloc(HEADER.length);
  const fd = fs.openSync(file, 'r');
  const read = fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  if (read < head.length || !head.equals(HEADER))
    return { kind: 'bad', reason: 'it is not an SQLite database' };
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true, readonly: !opts.standalone });
    if (opts.standalone) db.pragma('journal_mode = DELETE');
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map(
      (r) => r.integrity_check,
    );
    if (problems.length !== 1 || problems[0] !== 'ok') {
      return { kind: 'bad', reason: `its integrity check failed: ${problems.slice(0, 3).join('; ')}` };
    }
    const names = db
      .prepare(
        "select name from sqlite_schema where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const tables = names.map((name) => ({
      name,
      rows: db!
        .prepare(`select count(*) from "${name.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number,
    }));
    const migrations = names.includes('kysely_migration')
      ? (db.prepare('select name from kysely_migration order by name').pluck().all() as string[])
      : [];
    return { kind: 'ok', summary: { file, bytes: fs.statSync(file).size, tables, migrations } };
  } catch (err) {
    const e = err as { code?: string; message: string };
    if (e.code === 'SQLITE_NOTADB') return { kind: 'bad', reason: 'it is not an SQLite database' };
    return { kind: 'bad', reason: `it cannot be read (${e.code ?? 'error'}: ${e.message})` };
  } finally {
    db?.close();
  }
}

export function formatSummary(s: DatabaseSummary): string {
  const rows = s.tables.reduce((n, t) => n + t.rows, 0);
  const width = Math.max(...s.tables.map((t) => t.name.length), 5);
  return [
    `  file:       ${s.file}`,
    `  size:       ${(s.bytes / 1024 / 1024).toFixed(2)} MiB (${s.bytes} bytes)`,
    '  integrity:  ok',
    `  migrations: ${s.migrations.length} (latest ${s.migrations.at(-1) ?? 'none'})`,
    `  tables:     ${s.tables.length}, ${rows} rows`,
    ...s.tables.map((t) => `    ${t.name.padEnd(width)} ${String(t.rows).padStart(9)}`),
  ].join('\n');
}

/** Makes a finished file and its directory entry durable before anyone relies on them. */
export function syncFileAndDir(file: string) {
  const fd = fs.openSync(file, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  syncDir(path.dirname(file));
}

export function syncDir(dir: string) {
  const fd = fs.openSync(dir, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}

/** The same file under two names (hard links, symbolic links, `..`). */
export function sameFile(a: string, b: string) {
  if (!fs.existsSync(a) || !fs.existsSync(b)) return false;
  const [x, y] = [fs.statSync(a), fs.statSync(b)];
  return x.dev === y.dev && x.ino === y.ino;
}

export const timestamp = (d = new Date()) => d.toISOString().replace(/[:.]/g, '-');
