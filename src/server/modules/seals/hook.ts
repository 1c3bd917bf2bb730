import type { Db } from '#server/db/kysely.ts';
import type { LogEntryInput } from './entries.ts';
import type { LogReceipt } from './log.service.ts';

/** What a sealed link needs beyond its log entry (documents: their link carries no name or time). */
export interface IssueFacts {
  signerNames?: string[];
  /** Milliseconds. */
  signedAt?: number;
}

/** An issuance's link and the log index reserved for it (null: not logged, the link is bare). */
export interface Issuance {
  link: string;
  index: number | null;
}

/** The item's transaction could not claim its index: it lapsed (decision 041); issue again. */
export class LapsedIssuance extends Error {
  constructor(index: number) {
    super(`log index ${index} lapsed before its item committed`);
  }
}

/**
 * What signatures, documents and requests call on issuance, revocation and deletion. An issuance
 * becomes a leaf only with its item (decision 041): `issue` reserves the index the sealed link
 * names, `claim` in the item's own transaction makes the entry due, `appendDue` after the commit
 * appends it, and `release` gives the index up when the item will not commit.
 */
export interface TransparencyHook {
  /** A revocation or deletion, after its change committed. */
  appendToLog(entry: LogEntryInput): Promise<LogReceipt | null>;
  /**
   * Reserves the issuance's index and returns its verification link sealed with it (decision
   * 029). When the log or the key cannot, the bare link (logged): the item stands, online-only.
   */
  issue(entry: LogEntryInput, link: string, facts?: IssueFacts): Promise<Issuance>;
  /** In the item's transaction; throws LapsedIssuance when the index was voided meanwhile. */
  claim(trx: Db, issued: Issuance): Promise<void>;
  release(issued: Issuance): Promise<void>;
  appendDue(): Promise<void>;
}
