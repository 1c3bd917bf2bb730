import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerThreadEntry } from '#server/lib/worker-entry.ts';
import type { openPkcs12 } from './certificate-jobs.ts';
import type { inspect, sign } from './jobs.ts';
import type { JobKind, JobMessage, JobReply } from './pdf-worker.ts';
import type { completeRequest, pageSizes, stampRecipient } from './request-jobs.ts';

type Jobs = {
  inspect: typeof inspect;
  sign: typeof sign;
  openPkcs12: typeof openPkcs12;
  pageSizes: typeof pageSizes;
  stampRecipient: typeof stampRecipient;
  completeRequest: typeof completeRequest;
};
type Input<K extends JobKind> = Parameters<Jobs[K]>[0];
type Output<K extends JobKind> = Awaited<ReturnType<Jobs[K]>>;

/** The queue is full: the caller should answer 503 and let the client retry. */
export class PoolBusyError extends Error {
  override name = 'PoolBusyError';
}

/** The worker ran out of time or memory on this job (a pathological file), and was replaced. */
export class JobAbortedError extends Error {
  override name = 'JobAbortedError';
}

export interface PdfPoolOptions {
  /** Workers at most; default `defaultPoolSize()`. */
  size?: number;
  /** Jobs waiting beyond the running ones before new ones are refused. */
  maxQueue?: number;
  /** A job running longer is killed with its worker (a hostile PDF must not hold a core). */
  timeoutMs?: number;
  /** Heap limit per worker; a job that needs more fails alone instead of the server. */
  memoryMb?: number;
}

interface Task {
  id: number;
  kind: JobKind;
  input: unknown;
  /** Buffers handed to the worker instead of copied (see `run`). */
  transfer: ArrayBuffer[];
  timeoutMs: number;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | undefined;
}

/**
 * One worker per core but one: the event loop keeps a core of its own, so look-ups stay fast
 * while documents are signed (on 2 cores, two signings at once took look-ups from 2 to 27 ms at
 * p99 even with niced workers: the load and the libuv pool compete there too). Jobs beyond
 * that wait in the queue; one core machines still get one worker.
 */
export const defaultPoolSize = (cores = os.availableParallelism()) => Math.max(1, cores - 1);

/** The buffers of `arrays` that can move to a worker: each owned whole by one array, once. */
function movable(arrays: Uint8Array[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const a of arrays)
    if (a.buffer instanceof ArrayBuffer && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength)
      out.add(a.buffer);
  return [...out];
}

const WORKER_URL = workerThreadEntry(new URL('./pdf-worker.ts', import.meta.url));

/**
 * PDF parsing, stamping and signing off the main thread: a few long-lived workers,
 * one job each at a time, started on first use; further jobs wait in a FIFO queue.
 */
export class PdfPool {
  readonly size: number;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private readonly memoryMb: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: PdfPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? defaultPoolSize());
    this.maxQueue = opts.maxQueue ?? 64;
    this.timeoutMs = opts.timeoutMs ?? 60_000;
    this.memoryMb = opts.memoryMb ?? 768;
  }

  /**
   * `handOver` names byte arrays of the input the caller is done with: each that owns its whole
   * memory is moved to the worker instead of copied (a 1 MB file costs ~1 ms to copy on the
   * event loop, and the copy is then garbage for it to collect). The caller must not read them
   * again, whatever the outcome: a moved array is empty afterwards. One that shares its memory
   * (a slice, a pooled small Buffer) is copied as before.
   */
  run<K extends JobKind>(
    kind: K,
    input: Input<K>,
    opts: { timeoutMs?: number; handOver?: Uint8Array[] } = {},
  ): Promise<Output<K>> {
    if (this.closed) return Promise.reject(new Error('the PDF pool is closed'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new PoolBusyError('PDF queue is full'));
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    return new Promise<Output<K>>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        kind,
        input,
        transfer: movable(opts.handOver ?? []),
        timeoutMs,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  stats() {
    return {
      size: this.size,
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.task).length,
      queued: this.queue.length,
    };
  }

  async close() {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the PDF pool is closed'));
    await Promise.all(
      this.slots.splice(0).map((slot) => this.retire(slot, new Error('the PDF pool is closed'))),
    );
  }

  private pump() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: this.memoryMb } });
    const slot: Slot = { worker, task: null, timer: undefined };
    worker.unref();
    worker.on('message', (reply: JobReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      clearTimeout(slot.timer);
      slot.task = null;
      worker.unref();
      if (reply.ok) task.resolve(reply.result);
      else task.reject(new Error(`PDF job ${task.kind} failed: ${reply.error}`));
      this.pump();
    });
    const fail = (err: Error) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      clearTimeout(slot.timer);
      slot.task?.reject(err);
      slot.task = null;
      if (!this.closed) this.pump();
    };
    worker.on('error', (err) => fail(new JobAbortedError(err.message)));
    worker.on('exit', (code) => fail(new JobAbortedError(`PDF worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, task: Task) {
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      void this.retire(
        slot,
        new JobAbortedError(`PDF job ${task.kind} took longer than ${task.timeoutMs} ms`),
      );
    }, task.timeoutMs);
    const message: JobMessage = { id: task.id, kind: task.kind, input: task.input };
    slot.worker.postMessage(message, task.transfer);
  }

  private async retire(slot: Slot, reason: Error) {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    task?.reject(reason);
    slot.worker.removeAllListeners('exit');
    await slot.worker.terminate();
    if (!this.closed) this.pump();
  }
}
