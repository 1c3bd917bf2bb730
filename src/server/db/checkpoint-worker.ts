import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * Copies the SQLite write-ahead log into the database file on a connection of its own, in this
 * thread, so the server's connection never does it inside a commit (decision 038). Started by
 * checkpointer.ts once the log has grown; the server's connection has wal_autocheckpoint = 0.
 */
export interface CheckpointWorkerData {
  file: string;
  /** How often the log file is looked at. */
  pollMs: number;
  /** While writes go on, the longest a change waits to be copied. */
  maxDelayMs: number;
  /** A log file this big, fully copied and quiet for a whole poll, is truncated to give the disk back. */
  truncateAboveBytes: number;
}

export type CheckpointMode = 'PASSIVE' | 'TRUNCATE';
export type CheckpointMessage =
  | { kind: 'checkpointed'; mode: CheckpointMode; busy: boolean; log: number; checkpointed: number }
  | { kind: 'closed' };
export type CheckpointCommand = { kind: 'close' };

const { file, pollMs, maxDelayMs, truncateAboveBytes } = workerData as CheckpointWorkerData;
const wal = `${file}-wal`;

// One database and two statements for the thread's whole life: a better-sqlite3 object that
// becomes garbage can abort the process on Node 24 (decision 020, keptHandle in kysely.ts).
const database = new SQLite(file);
// Never waits for a lock: the server's connection may be in a transaction, and a checkpoint that
// finds it busy is simply tried again on the next poll.
database.exec('PRAGMA busy_timeout = 0');
// The checkpoint's syncs (log before, database after) as on the server's connection.
database.exec('PRAGMA synchronous = NORMAL');
const statements = {
  PASSIVE: database.prepare('PRAGMA wal_checkpoint(PASSIVE)'),
  TRUNCATE: database.prepare('PRAGMA wal_checkpoint(TRUNCATE)'),
};

function checkpoint(mode: CheckpointMode) {
  const row = statements[mode].get() as { busy: number; log: number; checkpointed: number };
  const done = { busy: row.busy !== 0, log: row.log, checkpointed: row.checkpointed };
  if (done.log > 0 || mode === 'TRUNCATE') parentPort!.postMessage({ kind: 'checkpointed', mode, ...done });
  return done;
}

let seen = '';
/** When the log first changed after the last checkpoint; null: nothing new to copy. */
let dirtySince: number | null = null;
/** Frames left behind by the last checkpoint (the server was writing meanwhile): try again. */
let behind = false;

/**
 * Copies once the log is quiet for a poll, or every maxDelayMs while writes go on: each
 * checkpoint ends in two fsyncs, which on ext4 also hold up the server's writes for a moment
 * while the journal commits, so fewer and larger ones.
 */
function poll() {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(wal);
  } catch {
    return; // no log file (yet, or the last connection closed): nothing to copy
  }
  const now = `${stat.size}:${stat.mtimeMs}`;
  const changed = now !== seen;
  seen = now;
  if (changed) dirtySince ??= Date.now();
  const due = dirtySince !== null && (!changed || Date.now() - dirtySince >= maxDelayMs);
  if (due || (behind && !changed)) {
    dirtySince = null;
    const done = checkpoint('PASSIVE');
    behind = done.busy || done.checkpointed < done.log;
  } else if (!changed && !behind && stat.size > truncateAboveBytes) {
    // Quiet for a whole poll and all copied: only the lock and a truncate, so a write of the
    // server's that comes in meanwhile waits a moment at most.
    checkpoint('TRUNCATE');
  }
}

const timer = setInterval(poll, pollMs);

parentPort!.on('message', (command: CheckpointCommand) => {
  if (command.kind !== 'close') return;
  clearInterval(timer);
  // The server's connection is closed by now, so this is the last one: closing it copies what is
  // left and removes the log, here rather than on the event loop.
  database.close();
  parentPort!.postMessage({ kind: 'closed' } satisfies CheckpointMessage);
  parentPort!.close();
});
