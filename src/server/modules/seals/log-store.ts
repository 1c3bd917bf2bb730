import { sql } from 'kysely';
import type { NodeId } from '#shared/seals/merkle.ts';
import type { Db } from '#server/db/kysely.ts';
import { unusedEntryText } from './entries.ts';
import { Frontier, leafHashOf, nodeKey, type NodeSource, type StoredNode } from './tree.ts';

/** Chunk sizes for multi-row inserts: few distinct statement texts (each is prepared and kept). */
const CHUNKS = [256, 32, 4, 1];

function* chunks<T>(rows: T[]): Generator<T[]> {
  let at = 0;
  for (const size of CHUNKS) {
    while (rows.length - at >= size) {
      yield rows.slice(at, at + size);
      at += size;
    }
  }
}

/**
 * Stored subtrees from this level up are kept in memory once read: a complete subtree never
 * changes, every proof reads one per level, and there are few of them (at 1,000,000 leaves about
 * 31,000 from level 5 up), so a proof reads only its low levels from the database.
 */
const CACHED_FROM_LEVEL = 5;
/** Beyond this many (a log of tens of millions), the oldest cached subtrees go first. */
const MAX_CACHED = 100_000;

export interface AppendedBatch {
  /** The index the first entry was given. */
  first: number;
  /** The tree's size after the commit. */
  size: number;
  root: Buffer;
  /** Each entry's leaf hash, by position in the batch. */
  leafHashes: Buffer[];
}

/** An entry to give an index: `reserved` until its item's transaction claims it (decision 041). */
export interface QueuedEntry {
  entry: string;
  reserved: boolean;
}

export interface CommitOptions {
  /** ISO time of the commit. */
  now: string;
  /** ISO time: reservations made before it are voided (their item did not commit in time). */
  lapseBefore?: string;
}

/** Pending entries read per commit at most: a long wait behind a reservation drains in turns. */
const MAX_DUE = 5000;

export class LogStore {
  /** The frontier after this instance's last commit; reloaded when another instance moved on. */
  private frontier: Frontier | null = null;
  constructor(private readonly db: Db) {}

  private readonly upper = new Map<string, Buffer>();

  private remember(key: string, level: number, hash: Buffer) {
    if (level < CACHED_FROM_LEVEL) return;
    if (this.upper.size >= MAX_CACHED) this.upper.delete(this.upper.keys().next().value!);
    this.upper.set(key, hash);
  }

  nodes(db: Db = this.db): NodeSource {
    const source = this.uncachedNodes(db);
    return async (ids: NodeId[]) => {
      const out = new Map<string, Buffer>();
      const missing: NodeId[] = [];
      for (const id of ids) {
        const hit = id.level >= CACHED_FROM_LEVEL ? this.upper.get(nodeKey(id)) : undefined;
        if (hit) out.set(nodeKey(id), hit);
        else missing.push(id);
      }
      if (missing.length === 0) return out;
      for (const [key, hash] of await source(missing)) {
        out.set(key, hash);
        this.remember(key, Number(key.slice(0, key.indexOf(':'))), hash);
      }
      return out;
    };
  }

  private uncachedNodes(db: Db): NodeSource {
    return async (ids: NodeId[]) => {
      const out = new Map<string, Buffer>();
      const leaves = ids.filter((n) => n.level === 0).map((n) => n.index);
      const inner = ids.filter((n) => n.level > 0);
      const [leafRows, nodeRows] = await Promise.all([
        leaves.length
          ? db.selectFrom('log_leaves').select(['idx', 'leaf_hash']).where('idx', 'in', leaves).execute()
          : [],
        inner.length
          ? db
              .selectFrom('log_nodes')
              .select(['level', 'idx', 'hash'])
              .where((eb) =>
                eb.or(inner.map((n) => eb.and([eb('level', '=', n.level), eb('idx', '=', n.index)]))),
              )
              .execute()
          : [],
      ]);
      for (const r of leafRows)
        out.set(nodeKey({ level: 0, index: Number(r.idx) }), Buffer.from(r.leaf_hash));
      for (const r of nodeRows)
        out.set(nodeKey({ level: r.level, index: Number(r.idx) }), Buffer.from(r.hash));
      return out;
    };
  }

  private async loadFrontier(db: Db, size: number): Promise<Frontier> {
    const ids = Frontier.idsFor(size);
    const found = await this.nodes(db)(ids);
    return new Frontier(
      size,
      ids.map((id) => {
        const hash = found.get(nodeKey(id));
        if (!hash) throw new Error(`log node ${nodeKey(id)} is missing: the log is damaged`);
        return { ...id, hash };
      }),
    );
  }

  /** Appends entries whose items have committed; returns where they went. */
  append(entries: string[]): Promise<AppendedBatch> {
    return this.commit(
      entries.map((entry) => ({ entry, reserved: false })),
      { now: new Date().toISOString() },
    );
  }

  /**
   * In one transaction: gives the queued entries the next indexes, then appends every pending
   * entry that is due, strictly in index order, up to the first still reserved. Entries with
   * nothing waiting before them become leaves at once, without a pending row.
   */
  async commit(queued: QueuedEntry[], opts: CommitOptions): Promise<AppendedBatch> {
    const result = await this.db.transaction().execute(async (trx) => {
      const state = await trx
        .updateTable('log_state')
        .set({ tree_size: sql`tree_size` })
        .where('id', '=', 1)
        .returning(['tree_size', 'next_idx'])
        .executeTakeFirstOrThrow();
      const size = Number(state.tree_size);
      const next = Number(state.next_idx);
      const texts: string[] = [];
      if (next > size) {
        if (opts.lapseBefore)
          await trx
            .updateTable('log_pending')
            .set({ state: 'void' })
            .where('state', '=', 'reserved')
            .where('reserved_at', '<', opts.lapseBefore)
            .execute();
        const pending = await trx
          .selectFrom('log_pending')
          .select(['idx', 'entry', 'state'])
          .where('idx', '>=', size)
          .where('idx', '<', Math.min(next, size + MAX_DUE))
          .orderBy('idx')
          .execute();
        for (const p of pending) {
          if (Number(p.idx) !== size + texts.length || p.state === 'reserved') break;
          texts.push(p.state === 'void' ? unusedEntryText(opts.now) : p.entry);
        }
        if (texts.length > 0)
          await trx
            .deleteFrom('log_pending')
            .where('idx', '<', size + texts.length)
            .execute();
      }
      // Queued entries join the leaves directly while nothing waits before them.
      let direct = 0;
      if (size + texts.length === next)
        while (direct < queued.length && !queued[direct]!.reserved) texts.push(queued[direct++]!.entry);
      const waiting = queued.slice(direct).map((q, i) => ({
        idx: next + direct + i,
        entry: q.entry,
        state: q.reserved ? ('reserved' as const) : ('ready' as const),
        reserved_at: opts.now,
      }));
      for (const rows of chunks(waiting)) await trx.insertInto('log_pending').values(rows).execute();

      const frontier =
        this.frontier?.size === size ? this.frontier.clone() : await this.loadFrontier(trx, size);
      const leaves: { idx: number; leaf_hash: Buffer; entry: string }[] = [];
      const nodes: StoredNode[] = [];
      for (const entry of texts) {
        const leaf_hash = leafHashOf(Buffer.from(entry, 'utf8'));
        leaves.push({ idx: frontier.size, leaf_hash, entry });
        nodes.push(...frontier.append(leaf_hash));
      }
      for (const rows of chunks(leaves)) await trx.insertInto('log_leaves').values(rows).execute();
      for (const rows of chunks(nodes))
        await trx
          .insertInto('log_nodes')
          .values(rows.map((n) => ({ level: n.level, idx: n.index, hash: n.hash })))
          .execute();
      const root = frontier.root();
      await trx
        .updateTable('log_state')
        .set({ tree_size: frontier.size, root_hash: root, next_idx: next + queued.length })
        .where('id', '=', 1)
        .execute();
      return {
        frontier,
        batch: {
          first: next,
          size: frontier.size,
          root,
          leafHashes: queued.map((q) => leafHashOf(Buffer.from(q.entry, 'utf8'))),
        },
      };
    });
    this.frontier = result.frontier;
    return result.batch;
  }

  /** In the item's transaction: its reserved entry becomes due. False when it was voided meanwhile. */
  async claim(trx: Db, index: number): Promise<boolean> {
    const res = await trx
      .updateTable('log_pending')
      .set({ state: 'ready' })
      .where('idx', '=', index)
      .where('state', '=', 'reserved')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The reservation's item will not commit: its place becomes an unused leaf. */
  async release(index: number) {
    await this.db
      .updateTable('log_pending')
      .set({ state: 'void' })
      .where('idx', '=', index)
      .where('state', '=', 'reserved')
      .execute();
  }

  /** The tree's size and root; `next` is past the entries still waiting to become leaves. */
  async state(): Promise<{ size: number; root: Buffer; next: number }> {
    const row = await this.db
      .selectFrom('log_state')
      .select(['tree_size', 'root_hash', 'next_idx'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return { size: Number(row.tree_size), root: Buffer.from(row.root_hash), next: Number(row.next_idx) };
  }

  entries(start: number, end: number) {
    return this.db
      .selectFrom('log_leaves')
      .select(['idx', 'entry', 'leaf_hash'])
      .where('idx', '>=', start)
      .where('idx', '<', end)
      .orderBy('idx')
      .execute();
  }

  latestHead() {
    return this.db
      .selectFrom('log_heads')
      .selectAll()
      .orderBy('tree_size', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async saveHead(head: {
    tree_size: number;
    root_hash: Buffer;
    timestamp_ms: number;
    kid: string;
    signature: Buffer;
  }) {
    await this.db
      .insertInto('log_heads')
      .values(head)
      .onConflict((oc) => oc.column('tree_size').doNothing())
      .execute();
  }
}
