import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { EXIT, inspectSqliteFile, refuse, sameFile, syncFileAndDir, type Outcome } from './sqlite-file.ts';

export interface BackupOptions {
  /** The live database, `<DATA_DIR>/inkproof.db`. */
  source: string;
  target: string;
  force?: boolean;
  log?: (line: string) => void;
}

/**
 * Copies a database that a running server may be writing, with SQLite's online backup API,
 * into a temporary name beside the target; checks the copy and renames it into place.
 */
export async function backupSqlite(opts: BackupOptions): Promise<Outcome> {
  const log = opts.log ?? (() => {});
  const target = path.resolve(opts.target);
  if (!fs.existsSync(opts.source)) return refuse(EXIT.refused, `There is no database at ${opts.source}.`);
  const source = path.resolve(opts.source);
  const own = [source, `${source}-wal`, `${source}-shm`, `${source}-journal`];
  if (own.includes(target) || sameFile(target, source)) {
    return refuse(
      EXIT.refused,
      `${target} is the database itself (or one of its files): choose another name.`,
    );
  }
  if (fs.existsSync(target) && !opts.force) {
    return refuse(
      EXIT.refused,
      `${target} already exists: choose another name, or add --force to replace it.`,
    );
  }
  if (!fs.existsSync(path.dirname(target))) {
    return refuse(EXIT.refused, `The folder ${path.dirname(target)} does not exist.`);
  }
  const partial = `${target}.partial-${process.pid}`;
  try {
    const started = Date.now();
    const live = new SQLite(opts.source, { fileMustExist: true, timeout: 10_000 });
    try {
      await live.backup(partial, {
        // Called once, after the first empty step. All pages then go in one step, which reads one
        // snapshot: copied in slices, every write the server makes between slices restarts the copy.
        progress: ({ totalPages }) => {
          log(`Copying ${totalPages} pages from ${opts.source} ...`);
          return 0x7fffffff;
        },
      });
    } finally {
      live.close();
    }
    log(`Copied in ${Date.now() - started} ms; checking the copy ...`);
    const checked = inspectSqliteFile(partial, { standalone: true });
    if (checked.kind === 'bad') {
      return refuse(
        EXIT.badFile,
        `The copy of ${opts.source} is not sound: ${checked.reason}. Nothing was written.`,
      );
    }
    syncFileAndDir(partial);
    fs.renameSync(partial, target);
    syncFileAndDir(target);
    return { kind: 'ok', summary: { ...checked.summary, file: target }, notes: [] };
  } finally {
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`])
      fs.rmSync(f, { force: true });
  }
}
