import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { workerThreadEntry } from '../lib/worker-entry.ts';
import type { CheckpointCommand, CheckpointMessage, CheckpointWorkerData } from './checkpoint-worker.ts';

const WORKER_URL = workerThreadEntry(new URL('./checkpoint-worker.ts', import.meta.url));

/** SQLite's own auto-checkpoint point (1000 pages of 4 KiB), restored if the worker is lost. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

export interface CheckpointOptions {
  /** The log size at which the worker starts; a database written less never gets a thread. */
  startAtBytes?: number;
  /** How often this thread looks at the log's size until then. */
  watchMs?: number;
  /** How often the worker looks at the log. */
  pollMs?: number;
  /** While writes go on, the longest they wait to be copied (the worker copies when quiet). */
  maxDelayMs?: number;
  /** A quiet, fully copied log bigger than this is truncated. */
  truncateAboveBytes?: number;
}

export interface CheckpointStats {
  /** The worker thread runs. */
  running: boolean;
  /** Checkpoints the worker ran that had frames to copy, and the frames it copied. */
  checkpoints: number;
  framesCopied: number;
  truncated: number;
  /** The worker failed and SQLite checkpoints in commits again. */
  fellBack: boolean;
}

/**
 * Keeps WAL checkpoints off the event loop (decision 038). The server's connection runs with
 * wal_autocheckpoint = 0, so a commit never copies the log into the database file (with ~1 MB
 * revisions that was a copy and an fsync inside a recipient's finish, every few commits); a worker
 * thread with its own connection does it instead. The thread starts once the log has grown to
 * SQLite's own checkpoint point, so the many small databases of the tests never start one, and it
 * never keeps the process alive.
 */
export class Checkpointer {
  private worker: Worker | null = null;
  private watch: NodeJS.Timeout | undefined;
  private closing: Promise<void> | null = null;
  private readonly stats: CheckpointStats = {
    running: false,
    checkpoints: 0,
    framesCopied: 0,
    truncated: 0,
    fellBack: false,
  };
  private readonly opts: Required<CheckpointOptions>;

  constructor(
    private readonly file: string,
    private readonly database: SQLite.Database,
    opts: CheckpointOptions = {},
  ) {
    this.opts = {
      startAtBytes: SQLITE_AUTOCHECKPOINT_PAGES * 4096,
      watchMs: 1000,
      pollMs: 250,
      maxDelayMs: 2000,
      truncateAboveBytes: 64 * 1024 * 1024,
      ...opts,
    };
    database.exec('PRAGMA wal_autocheckpoint = 0');
    this.watch = setInterval(() => void this.look(), this.opts.watchMs);
    this.watch.unref();
  }

  current(): CheckpointStats {
    return { ...this.stats };
  }

  /** The log's size, read off the event loop (libuv's pool): start the worker once it is big. */
  private async look() {
    const size = await fs.promises.stat(`${this.file}-wal`).then(
      (s) => s.size,
      () => 0,
    );
    if (size >= this.opts.startAtBytes && !this.worker && !this.closing) this.start();
  }

  /** Starts the worker now (tests; otherwise the log's growth does). */
  start() {
    if (this.worker || this.closing || this.stats.fellBack) return;
    clearInterval(this.watch);
    const data: CheckpointWorkerData = {
      file: this.file,
      pollMs: this.opts.pollMs,
      maxDelayMs: this.opts.maxDelayMs,
      truncateAboveBytes: this.opts.truncateAboveBytes,
    };
    const worker = new Worker(WORKER_URL, { workerData: data });
    this.worker = worker;
    this.stats.running = true;
    worker.on('message', (m: CheckpointMessage) => {
      if (m.kind !== 'checkpointed') return;
      if (m.mode === 'TRUNCATE' && !m.busy) this.stats.truncated++;
      if (m.checkpointed > 0) {
        this.stats.checkpoints++;
        this.stats.framesCopied += m.checkpointed;
      }
    });
    worker.on('error', (err) => this.lost(err.message));
    worker.on('exit', (code) => this.lost(`the checkpoint worker exited with code ${code}`));
    // After the listeners: adding a 'message' listener refs the worker's port again.
    worker.unref();
  }

  /** The worker died (not closed by us): SQLite checkpoints in commits again, as by default. */
  private lost(reason: string) {
    if (this.closing || !this.worker) return;
    this.worker = null;
    this.stats.running = false;
    this.stats.fellBack = true;
    if (this.database.open) this.database.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    process.emitWarning(`${reason}; SQLite checkpoints in commits again (${this.file})`);
  }

  /**
   * After the server's connection has closed: the worker closes its own, the last one, which
   * copies what is left and removes the log. Without a worker the server's close did that.
   */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      clearInterval(this.watch);
      const worker = this.worker;
      if (!worker) return resolve();
      worker.ref(); // the process waits for the last copy
      worker.once('exit', () => {
        this.worker = null;
        this.stats.running = false;
        resolve();
      });
      worker.postMessage({ kind: 'close' } satisfies CheckpointCommand);
    });
    return this.closing;
  }

  /** Ends the worker as a crash would (tests of the fallback). */
  async killWorkerForTest() {
    await this.worker?.terminate();
  }
}
