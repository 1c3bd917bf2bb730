import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { ImageJobs } from './image-pool-jobs.ts';
import { childProcessEntry } from '#server/lib/worker-entry.ts';

type Kind = keyof ImageJobs;
type Input<K extends Kind> = Parameters<ImageJobs[K]>[0];
type Output<K extends Kind> = Awaited<ReturnType<ImageJobs[K]>>;

/** Too many image jobs in flight, for this client or in all: answer 429 with Retry-After. */
export class ImageBusyError extends Error {
  override name = 'ImageBusyError';
  constructor(readonly retryAfter: number) {
    super('image pool busy');
  }
}

/**
 * The job went past its time or memory budget (its process was killed and replaced), or crashed.
 * `stalled`: it reached the wall-time limit with its CPU time still under budget, so it waited
 * rather than worked (a machine too busy for the children's lowest priority, decision 035), or it
 * waited for a child that long without starting: the image is not at fault, and a later try may
 * pass.
 */
export class ImageAbortedError extends Error {
  override name = 'ImageAbortedError';
  constructor(readonly reason: 'time' | 'memory' | 'exit' | 'stalled') {
    super(`image job aborted (${reason})`);
  }
}

export interface ImagePoolOptions {
  /** Child processes at most (each runs one job at a time). */
  size?: number;
  /** Jobs waiting beyond the running ones. */
  maxQueue?: number;
  /** Jobs running or waiting per key (the client's IP). */
  perKey?: number;
  /** V8 heap of each child; native (sharp) memory is held by each job's memoryMb instead. */
  heapMb?: number;
  /** Wall time a waiting job allows for a child to start, on top of the jobs ahead of it. */
  startMs?: number;
  /** Budgets of wall time a job (or its wait) may take before it is dropped as stalled. */
  wallFactor?: number;
}

export interface JobOptions {
  /** Counted against the per-key cap when given. */
  key?: string;
  /** CPU time of the job (wall time where /proc is missing); past it the child is SIGKILLed. */
  timeoutMs: number;
  /** Resident memory of the child; past it the child is SIGKILLed. */
  memoryMb: number;
}

interface Task extends JobOptions {
  id: number;
  kind: Kind;
  input: unknown;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  /** Set while the job waits for a child: past it the job is dropped as stalled. */
  waiting?: NodeJS.Timeout;
}

interface Child {
  proc: ChildProcess;
  ready: boolean;
  task: Task | null;
  timers: NodeJS.Timeout[];
}

type Reply =
  { ready: true } | { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

const ENTRY = childProcessEntry(new URL('./image-worker.ts', import.meta.url));
const POLL_MS = 50;
/**
 * The time budget is CPU time, so a busy machine does not fail real images (a niced child may wait
 * for a core); a child that is not even computing is killed at this many budgets of wall time.
 */
export const WALL_FACTOR = 3;

/** CPU time (all threads) and resident memory of a process, from /proc (Linux); null elsewhere. */
function usage(pid: number): { cpuMs: number; rssMb: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15) in USER_HZ ticks, 100 per second on Linux; rss (24) in pages
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
    const rssMb = (Number(fields[21]) * PAGE_BYTES) / 2 ** 20;
    return Number.isFinite(cpuMs) && Number.isFinite(rssMb) ? { cpuMs, rssMb } : null;
  } catch {
    return null;
  }
}
const PAGE_BYTES = 4096;

/**
 * Image work (sharp, SVG parsing) in a few child processes, not in this process: killing a child is
 * the only way to stop native code mid-render, and a child has its own libuv pool, so password
 * hashing here never queues behind an image (decision 017). Children start on first use and are
 * replaced when killed; jobs wait in a bounded FIFO queue with a per-key cap.
 */
export class ImagePool {
  readonly size: number;
  private readonly maxQueue: number;
  private readonly perKey: number;
  private readonly heapMb: number;
  private readonly startMs: number;
  private readonly wallFactor: number;
  private readonly children: Child[] = [];
  private readonly queue: Task[] = [];
  private readonly perKeyCount = new Map<string, number>();
  private nextId = 1;
  private failedStarts = 0;
  private closed = false;

  constructor(opts: ImagePoolOptions = {}) {
    // One core stays free for the event loop and password hashing whatever the images do.
    this.size = Math.max(1, opts.size ?? os.availableParallelism() - 1);
    this.maxQueue = opts.maxQueue ?? 8 * this.size;
    this.perKey = opts.perKey ?? 2;
    this.heapMb = opts.heapMb ?? 192;
    this.startMs = opts.startMs ?? 5000;
    this.wallFactor = opts.wallFactor ?? WALL_FACTOR;
  }

  run<K extends Kind>(kind: K, input: Input<K>, opts: JobOptions): Promise<Output<K>> {
    if (this.closed) return Promise.reject(new Error('the image pool is closed'));
    const keyCount = opts.key ? (this.perKeyCount.get(opts.key) ?? 0) : 0;
    if (keyCount >= this.perKey || this.queue.length >= this.maxQueue)
      return Promise.reject(new ImageBusyError(this.retryAfter(opts.timeoutMs)));
    if (opts.key) this.perKeyCount.set(opts.key, keyCount + 1);
    const ahead = this.queue.length + this.children.filter((c) => c.task).length;
    return new Promise<Output<K>>((resolve, reject) => {
      const settle = () => {
        clearTimeout(task.waiting);
        if (!opts.key) return;
        const left = (this.perKeyCount.get(opts.key) ?? 1) - 1;
        if (left > 0) this.perKeyCount.set(opts.key, left);
        else this.perKeyCount.delete(opts.key);
      };
      const task: Task = {
        ...opts,
        id: this.nextId++,
        kind,
        input,
        resolve: (v) => (settle(), resolve(v as Output<K>)),
        reject: (e) => (settle(), reject(e)),
      };
      // Waiting is bounded like running: a child that cannot start (no core for its lowest
      // priority, decision 035) or jobs ahead that take their whole wall time must not hold the
      // request open without end. A child may take `startMs` to start, and each round of jobs
      // ahead one wall-time limit.
      task.waiting = setTimeout(
        () => {
          const i = this.queue.indexOf(task);
          if (i < 0) return;
          this.queue.splice(i, 1);
          task.reject(new ImageAbortedError('stalled'));
        },
        this.startMs + opts.timeoutMs * this.wallFactor * (1 + Math.floor(ahead / this.size)),
      );
      this.queue.push(task);
      this.failedStarts = 0;
      this.pump();
    });
  }

  stats() {
    return {
      size: this.size,
      children: this.children.length,
      pids: this.children.map((c) => c.proc.pid),
      busy: this.children.filter((c) => c.task).length,
      queued: this.queue.length,
    };
  }

  async close() {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the image pool is closed'));
    await Promise.all(this.children.slice().map((c) => this.kill(c, new Error('the image pool is closed'))));
  }

  /** Seconds until a slot is likely free: the queue ahead drained at one budget per job and child. */
  private retryAfter(timeoutMs: number) {
    return Math.max(1, Math.ceil(((this.queue.length / this.size + 1) * timeoutMs) / 1000));
  }

  private pump() {
    while (this.queue.length > 0) {
      const idle = this.children.find((c) => c.ready && !c.task);
      if (!idle) {
        if (this.children.length < this.size) this.spawn();
        return;
      }
      this.start(idle, this.queue.shift()!);
    }
  }

  private spawn() {
    const execArgv = [...ENTRY.execArgv, `--max-old-space-size=${this.heapMb}`];
    const options = {
      serialization: 'advanced' as const,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'] as ('ignore' | 'inherit' | 'ipc')[],
    };
    // The child lowers its own priority as it starts (image-worker.ts).
    const proc = fork(ENTRY.path, [], { ...options, execArgv });
    const child: Child = { proc, ready: false, task: null, timers: [] };
    this.children.push(child);
    proc.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        child.ready = true;
        this.failedStarts = 0;
        this.pump();
        if (!child.task) this.idle(child);
        return;
      }
      const task = child.task;
      if (!task || task.id !== reply.id) return;
      this.finish(child);
      if (reply.ok) task.resolve(reply.result);
      else task.reject(new Error(`image job ${task.kind} failed: ${reply.error}`));
      this.pump();
    });
    proc.on('error', () => undefined); // 'exit' follows and does the clean-up
    proc.on('exit', () => {
      if (!this.children.includes(child)) return; // killed on purpose
      if (!child.ready) this.failedStarts++;
      void this.kill(child, new ImageAbortedError('exit'));
    });
  }

  private start(child: Child, task: Task) {
    clearTimeout(task.waiting);
    child.task = task;
    child.proc.ref();
    child.proc.channel?.ref();
    const pid = child.proc.pid!;
    const before = usage(pid);
    const abort = (reason: ImageAbortedError['reason']) =>
      void this.kill(child, new ImageAbortedError(reason));
    child.timers.push(
      // With /proc the poll below holds the CPU budget, so this limit is reached only by a job that
      // did not get to use it; without /proc, wall time is the only budget there is.
      setTimeout(
        () => abort(before ? 'stalled' : 'time'),
        before ? task.timeoutMs * this.wallFactor : task.timeoutMs,
      ),
      setInterval(() => {
        const now = before && usage(pid);
        if (!now) return;
        if (now.cpuMs - before.cpuMs > task.timeoutMs) abort('time');
        else if (now.rssMb > task.memoryMb) abort('memory');
      }, POLL_MS),
    );
    child.proc.send({ id: task.id, kind: task.kind, input: task.input });
  }

  private finish(child: Child) {
    for (const t of child.timers) clearTimeout(t);
    child.timers = [];
    child.task = null;
    this.idle(child);
  }

  /** An idle child must not keep the server (or a test run) alive. */
  private idle(child: Child) {
    child.proc.unref();
    child.proc.channel?.unref();
  }

  /** Removes the child at once, fails its job, and starts a replacement if work or capacity calls. */
  private async kill(child: Child, reason: Error) {
    const i = this.children.indexOf(child);
    if (i >= 0) this.children.splice(i, 1);
    const task = child.task;
    this.finish(child);
    task?.reject(reason);
    const exited =
      child.proc.exitCode !== null || child.proc.signalCode !== null
        ? Promise.resolve()
        : new Promise((done) => child.proc.once('exit', done));
    child.proc.kill('SIGKILL');
    if (this.closed) return void (await exited);
    if (this.failedStarts >= 3) {
      // the child cannot start (a broken install): fail fast instead of forking in a loop
      for (const t of this.queue.splice(0)) t.reject(new Error('image workers cannot start'));
      return;
    }
    if (this.children.length < this.size) this.spawn();
    this.pump();
  }
}

let shared: ImagePool | null = null;
let holders = 0;

/** The process's image pool: one per process, like the libuv pool it keeps image work out of. */
export function imagePool(): ImagePool {
  return (shared ??= new ImagePool());
}

/** Each app holds the pool while it runs; the last to release it stops the children. */
export function holdImagePool(): ImagePool {
  holders++;
  return imagePool();
}

export async function releaseImagePool() {
  holders = Math.max(0, holders - 1);
  if (holders > 0 || !shared) return;
  const pool = shared;
  shared = null;
  await pool.close();
}
