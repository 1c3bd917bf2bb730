import type { LogEntryInput } from './entries.ts';
import type { LogReceipt } from './log.service.ts';

/** What signatures and documents call on issuance, revocation and deletion. */
export interface TransparencyHook {
  appendToLog(entry: LogEntryInput): Promise<LogReceipt | null>;
}

/** Until the seals module is registered (unit tests of a service alone), nothing is logged. */
export const noTransparency: TransparencyHook = { appendToLog: async () => null };
