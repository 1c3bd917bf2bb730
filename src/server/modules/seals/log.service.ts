import type { FastifyBaseLogger } from 'fastify';
import { toBase64Url } from '#shared/seals/bytes.ts';
import { treeHeadMessage, type SignedTreeHead } from '#shared/seals/tree-head.ts';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { toEntryText, type LogEntryInput } from './entries.ts';
import type { SealKeys } from './keys.service.ts';
import { LogStore } from './log-store.ts';
import { consistencyProof, inclusionProof } from './tree.ts';

export interface LogReceipt {
  index: number;
  /** Hex leaf hash: SHA-256(0x00 ‖ UTF-8 of entry). */
  leafHash: string;
  entry: string;
}

export interface LogOptions {
  /** A new tree head is signed at most this often, and only when the log grew. */
  headIntervalMs?: number;
  /** Entries committed in one transaction at most. */
  maxBatch?: number;
}

interface Pending {
  entry: string;
  reserved: boolean;
  resolve: (r: LogReceipt) => void;
  reject: (err: Error) => void;
}

/**
 * How long an issuance may hold its reserved index: its item commits within this or the index is
 * voided (the item then takes another). Reservations older than an instance's start are voided
 * at once: the process that made them may be gone, and the log waits on them.
 */
export const RESERVATION_MS = 5 * 60_000;

/** Largest page of GET /api/log/entries. */
export const MAX_ENTRIES_PAGE = 1000;

/**
 * The transparency log. Entries queue in memory and one writer commits them in batches (group
 * commit: while a batch commits, the next one gathers), so an entry waits about one transaction
 * and a burst costs one transaction per batch. An issuance's entry is reserved (its index handed
 * out, no leaf yet) and becomes a leaf only after its item's transaction claimed it (decision
 * 058). Tree heads are signed on a timer, never per append, and nothing here runs on the
 * verification look-up.
 */
export class TransparencyLog {
  readonly store: LogStore;
  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The tree-head run in progress, which stop waits for. */
  private ticking: Promise<void> | null = null;
  /** Waiting for the next commit, which appends what claims and releases made due. */
  private due: (() => void)[] = [];
  /** At start-up: every reservation older than this instance is voided. */
  private lapseBefore: string | null = null;
  private readonly headIntervalMs: number;
  private readonly maxBatch: number;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly keys: SealKeys,
    private readonly log: FastifyBaseLogger,
    opts: LogOptions = {},
  ) {
    this.store = new LogStore(db);
    this.headIntervalMs = opts.headIntervalMs ?? 3000;
    this.maxBatch = opts.maxBatch ?? 2000;
  }

  /**
   * Records a revocation or deletion that has committed. Resolves with the entry's index once
   * it is stored (a leaf, or due behind a reservation), or null when the log could not take it
   * (logged): the caller's own change stands either way.
   */
  async appendToLog(input: LogEntryInput): Promise<LogReceipt | null> {
    try {
      return await this.appendText(toEntryText(input, iso(this.clock.now())));
    } catch (err) {
      this.log.warn({ err: (err as Error).message, event: input.event }, 'transparency log append failed');
      return null;
    }
  }

  /** Queues an entry's exact text; rejects when its batch fails. */
  appendText(entry: string): Promise<LogReceipt> {
    return this.enqueue(entry, false);
  }

  /** Hands out the next index to an issuance's entry; it waits for store.claim in its item's transaction. */
  reserve(input: LogEntryInput): Promise<LogReceipt> {
    return this.enqueue(toEntryText(input, iso(this.clock.now())), true);
  }

  private enqueue(entry: string, reserved: boolean): Promise<LogReceipt> {
    return new Promise((resolve, reject) => {
      this.queue.push({ entry, reserved, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /**
   * After a claim committed or a reservation was released: resolves once the next commit has
   * appended what became due.
   */
  appendDue(): Promise<void> {
    return new Promise((resolve) => {
      this.due.push(resolve);
      this.writing ??= this.drain();
    });
  }

  private async drain() {
    await new Promise((r) => setImmediate(r));
    try {
      while (this.queue.length > 0 || this.due.length > 0) {
        const waiting = this.due.splice(0);
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const now = this.clock.now();
          const done = await this.store.commit(batch, {
            now: iso(now),
            lapseBefore: this.lapseBefore ?? iso(now - RESERVATION_MS),
          });
          this.lapseBefore = null;
          batch.forEach((p, i) =>
            p.resolve({
              index: done.first + i,
              leafHash: done.leafHashes[i]!.toString('hex'),
              entry: p.entry,
            }),
          );
        } catch (err) {
          for (const p of batch) p.reject(err as Error);
          if (batch.length === 0)
            this.log.warn({ err: (err as Error).message }, 'transparency log append failed');
        }
        for (const resolve of waiting) resolve();
      }
    } finally {
      this.writing = null;
    }
  }

  /** Waits until every queued entry is committed (or failed). */
  async flush() {
    while (this.writing) await this.writing;
  }

  /** Signs the current tree when it grew since the last head; returns the latest head. */
  async publishHead(): Promise<SignedTreeHead> {
    const [state, last] = await Promise.all([this.store.state(), this.store.latestHead()]);
    if (last && Number(last.tree_size) >= state.size) return toHead(last);
    const unsigned = {
      treeSize: state.size,
      rootHash: state.root.toString('hex'),
      timestamp: this.clock.now(),
    };
    const { kid, signature } = await this.keys.sign(treeHeadMessage(unsigned));
    await this.store.saveHead({
      tree_size: unsigned.treeSize,
      root_hash: state.root,
      timestamp_ms: unsigned.timestamp,
      kid,
      signature,
    });
    return toHead((await this.store.latestHead())!);
  }

  async latestHead(): Promise<SignedTreeHead> {
    const row = await this.store.latestHead();
    return row ? toHead(row) : this.publishHead();
  }

  /** Size of the tree as committed (heads may lag it by up to the head interval). */
  async size() {
    return (await this.store.state()).size;
  }

  async inclusionProof(index: number, size: number) {
    const nodes = this.store.nodes();
    const [path, leaf] = await Promise.all([
      inclusionProof(index, size, nodes),
      nodes([{ level: 0, index }]),
    ]);
    return {
      index,
      treeSize: size,
      leafHash: leaf.get(`0:${index}`)!.toString('hex'),
      auditPath: path.map(hex),
    };
  }

  async consistencyProof(first: number, second: number) {
    const path = await consistencyProof(first, second, this.store.nodes());
    return { first, second, consistency: path.map(hex) };
  }

  async entries(start: number, end: number) {
    const rows = await this.store.entries(start, end);
    return rows.map((r) => ({
      index: Number(r.idx),
      entry: r.entry,
      leafHash: Buffer.from(r.leaf_hash).toString('hex'),
    }));
  }

  start() {
    // What a killed process reserved or left due is settled before anything new.
    this.lapseBefore = iso(this.clock.now());
    void this.appendDue();
    const tick = () => {
      this.ticking ??= this.tick()
        .catch((err: Error) => this.log.warn({ err: err.message }, 'tree head signing failed'))
        .finally(() => {
          this.ticking = null;
        });
    };
    tick();
    this.timer = setInterval(tick, this.headIntervalMs);
    this.timer.unref();
  }

  /** Appends entries another instance left due, then signs the tree when it grew. */
  private async tick() {
    const state = await this.store.state();
    if (state.next > state.size) await this.appendDue();
    await this.publishHead();
  }

  /** Ends the timer; resolves once the head in progress is signed and every queued entry is committed. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await this.flush();
  }
}

const hex = (b: Buffer) => b.toString('hex');

function toHead(row: {
  tree_size: number;
  root_hash: Buffer;
  timestamp_ms: number;
  kid: string;
  signature: Buffer;
}): SignedTreeHead {
  return {
    treeSize: Number(row.tree_size),
    rootHash: Buffer.from(row.root_hash).toString('hex'),
    timestamp: Number(row.timestamp_ms),
    kid: row.kid,
    signature: toBase64Url(row.signature),
  };
}
