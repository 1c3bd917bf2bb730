import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createDb } from '../db/kysely.ts';
import { migrateToLatest } from '../db/migrate.ts';
import {
  EXIT,
  inspectSqliteFile,
  refuse,
  sameFile,
  syncDir,
  timestamp,
  type Outcome,
} from './sqlite-file.ts';

export interface RestoreOptions {
  backup: string;
  dataDir: string;
  /** Where the configured server would answer; checked only when PORT was given explicitly. */
  probe?: { host: string; port: number } | undefined;
  log?: (line: string) => void;
}

const inUse = (file: string) =>
  refuse(
    EXIT.inUse,
    `Another process has ${file} open (a running Inkproof server?). Stop every server on this data folder, then restore.`,
  );

/**
 * Restores a backup into the data folder of a stopped instance: checks the backup on a private
 * copy, keeps the current database as `inkproof.db.before-restore-<time>`, and writes the backup
 * in its place while holding SQLite's exclusive lock on the file, so no server can open it midway.
 */
export async function restoreSqlite(opts: RestoreOptions): Promise<Outcome> {
  const log = opts.log ?? (() => {});
  const live = path.resolve(opts.dataDir, 'inkproof.db');
  if (!fs.existsSync(opts.backup) || !fs.statSync(opts.backup).isFile()) {
    return refuse(EXIT.refused, `There is no backup file at ${opts.backup}.`);
  }
  if (opts.probe && (await answersHealth(opts.probe))) {
    return refuse(
      EXIT.inUse,
      `An Inkproof server answers on port ${opts.probe.port} (PORT). Stop it before restoring.`,
    );
  }
  if (sameFile(opts.backup, live)) return refuse(EXIT.refused, `${opts.backup} is the database to replace.`);
  fs.mkdirSync(path.dirname(live), { recursive: true });
  const existing = fs.existsSync(live) && fs.statSync(live).size > 0;
  let guard = fs.existsSync(live) ? lockExclusively(live) : undefined;
  if (guard?.kind === 'busy') return inUse(live);
  if (guard?.kind === 'unreadable') return refuse(EXIT.refused, guard.message);
  const staging = `${live}.restoring-${timestamp()}`;
  try {
    fs.copyFileSync(opts.backup, staging);
    const checked = inspectSqliteFile(staging, { standalone: true });
    if (checked.kind === 'bad')
      return refuse(EXIT.badFile, `${opts.backup} cannot be restored: ${checked.reason}.`);
    if (!checked.summary.migrations.length) {
      return refuse(EXIT.badFile, `${opts.backup} is not an Inkproof database (it has no migrations table).`);
    }
    const known = await knownMigrations();
    const done = checked.summary.migrations;
    const unknown = done.filter((m) => !known.includes(m));
    if (unknown.length) {
      return refuse(
        EXIT.badFile,
        `${opts.backup} was made by a newer Inkproof (unknown migrations: ${unknown.join(', ')}). Upgrade this installation first.`,
      );
    }
    if (done.some((m, i) => m !== known[i])) {
      return refuse(EXIT.badFile, `${opts.backup} has a gap in its migrations (${done.join(', ')}).`);
    }
    guard ??= lockExclusively(live);
    if (guard.kind === 'busy') return inUse(live);
    if (guard.kind === 'unreadable') return refuse(EXIT.refused, guard.message);
    replaceLocked(guard.db, live, staging, existing ? log : undefined);
    const notes =
      done.length < known.length
        ? ['The backup is older than this code: the server migrates it on its next start.']
        : [];
    return { kind: 'ok', summary: { ...checked.summary, file: live }, notes };
  } finally {
    if (guard?.kind === 'locked' && guard.db.open) guard.db.close();
    for (const f of [staging, `${staging}-wal`, `${staging}-shm`, `${staging}-journal`])
      fs.rmSync(f, { force: true });
  }
}

type Lock =
  { kind: 'locked'; db: SQLite.Database } | { kind: 'busy' } | { kind: 'unreadable'; message: string };

/**
 * In WAL mode every open connection, an idle server's too, holds a shared lock on the database
 * file for as long as it is open. With `locking_mode = EXCLUSIVE` set before the first read,
 * SQLite asks for an exclusive lock instead: it is refused while any other process has the file
 * open, and once taken it keeps every other process out until this connection closes.
 */
function lockExclusively(file: string): Lock {
  const db = new SQLite(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
    return { kind: 'locked', db };
  } catch (err) {
    db.close();
    const e = err as { code?: string; message: string };
    if (e.code === 'SQLITE_BUSY' || e.code === 'SQLITE_LOCKED') return { kind: 'busy' };
    return {
      kind: 'unreadable',
      message: `The current database ${file} cannot be opened (${e.message}). Move it and its -wal/-shm files aside, then restore again.`,
    };
  }
}

/**
 * Folds the WAL into the live file, copies it aside, and writes the staged backup over it through
 * a descriptor of the same file: replacing it by rename would leave a server that is waiting for
 * our lock on the old, unlinked file. Closing any descriptor of the file drops this process's
 * locks on it (POSIX), so ours stays open until the guard connection has closed.
 */
function replaceLocked(
  guard: SQLite.Database,
  live: string,
  staging: string,
  /** Given when there is a previous database to keep. */
  keep: ((line: string) => void) | undefined,
) {
  guard.pragma('journal_mode = DELETE');
  guard.exec('BEGIN EXCLUSIVE; COMMIT');
  const fd = fs.openSync(live, 'r+');
  try {
    if (keep) {
      const before = `${live}.before-restore-${timestamp()}`;
      const out = fs.openSync(before, 'wx');
      copyBetween(fd, out);
      fs.closeSync(out);
      syncDir(path.dirname(live));
      keep(`Kept the previous database as ${before}`);
    }
    const staged = fs.openSync(staging, 'r');
    copyBetween(staged, fd);
    fs.closeSync(staged);
    for (const f of [`${live}-wal`, `${live}-shm`]) fs.rmSync(f, { force: true });
    guard.close();
  } finally {
    if (guard.open) guard.close();
    fs.closeSync(fd);
  }
  syncDir(path.dirname(live));
}

/** Copies all of `from` over `to`, truncates `to` to fit and syncs it. */
function copyBetween(from: number, to: number) {
  const buf = Buffer.alloc(1 << 20);
  let pos = 0;
  for (let n; (n = fs.readSync(from, buf, 0, buf.length, pos)) > 0; pos += n) {
    fs.writeSync(to, buf, 0, n, pos);
  }
  fs.ftruncateSync(to, pos);
  fs.fsyncSync(to);
}

/** The migrations this code knows, as the real migrator records them on an empty database. */
async function knownMigrations(): Promise<string[]> {
  const { db, dialect } = createDb({ sqliteFile: ':memory:' });
  try {
    return await migrateToLatest(db, dialect);
  } finally {
    await db.destroy();
  }
}

async function answersHealth({ host, port }: { host: string; port: number }) {
  const h = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  try {
    const res = await fetch(`http://${h}:${port}/healthz`, { signal: AbortSignal.timeout(1500) });
    return res.ok && ((await res.json()) as { status?: string }).status === 'ok';
  } catch {
    return false;
  }
}
