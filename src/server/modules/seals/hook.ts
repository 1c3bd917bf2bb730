import type { LogEntryInput } from './entries.ts';
import type { LogReceipt } from './log.service.ts';

/** What a sealed link needs beyond its log entry (documents: their link carries no name or time). */
export interface IssueFacts {
  signerNames?: string[];
  /** Milliseconds. */
  signedAt?: number;
}

/** What signatures, documents and requests call on issuance, revocation and deletion. */
export interface TransparencyHook {
  appendToLog(entry: LogEntryInput): Promise<LogReceipt | null>;
  /**
   * Logs an issuance and returns its verification link sealed with the leaf's index (decision
   * 029). When the log or the key cannot, the bare link (logged): the item stands, online-only.
   */
  issue(entry: LogEntryInput, link: string, facts?: IssueFacts): Promise<string>;
}

/** Until the seals module is registered (unit tests of a service alone), nothing is logged or sealed. */
export const noTransparency: TransparencyHook = {
  appendToLog: async () => null,
  issue: async (_entry, link) => link,
};
