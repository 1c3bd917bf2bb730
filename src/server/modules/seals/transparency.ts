import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/kysely.ts';
import type { LogEntryInput } from './entries.ts';
import { LapsedIssuance, type Issuance, type IssueFacts, type TransparencyHook } from './hook.ts';
import type { SealIssuer } from './issue.ts';
import type { TransparencyLog } from './log.service.ts';

/** The log and the issuer behind the hook the other modules call. */
export class Transparency implements TransparencyHook {
  constructor(
    private readonly log: TransparencyLog,
    private readonly issuer: SealIssuer,
    private readonly logger: FastifyBaseLogger,
  ) {}

  appendToLog(entry: LogEntryInput) {
    return this.log.appendToLog(entry);
  }

  async issue(entry: LogEntryInput, link: string, facts: IssueFacts = {}): Promise<Issuance> {
    let index: number;
    try {
      index = (await this.log.reserve(entry)).index;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, event: entry.event }, 'transparency log append failed');
      return { link, index: null };
    }
    try {
      const sealed = await this.issuer.sealLink(link, {
        subjectHash: entry.subject,
        logIndex: index,
        expiresAt: entry.expiresAt ? Date.parse(entry.expiresAt) : null,
        ...facts,
      });
      return { link: sealed, index };
    } catch (err) {
      // Logged all the same: the entry still becomes a leaf with its item.
      this.logger.warn({ err: (err as Error).message, event: entry.event }, 'seal not issued');
      return { link, index };
    }
  }

  async claim(trx: Db, issued: Issuance) {
    if (issued.index !== null && !(await this.log.store.claim(trx, issued.index)))
      throw new LapsedIssuance(issued.index);
  }

  async release(issued: Issuance) {
    if (issued.index === null) return;
    try {
      await this.log.store.release(issued.index);
      await this.log.appendDue();
    } catch (err) {
      // Voided when it lapses all the same.
      this.logger.warn({ err: (err as Error).message }, 'log reservation not released');
    }
  }

  appendDue() {
    return this.log.appendDue();
  }
}
