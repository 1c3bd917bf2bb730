import type { FastifyBaseLogger } from 'fastify';
import type { LogEntryInput } from './entries.ts';
import type { IssueFacts, TransparencyHook } from './hook.ts';
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

  async issue(entry: LogEntryInput, link: string, facts: IssueFacts = {}): Promise<string> {
    const receipt = await this.log.appendToLog(entry);
    if (!receipt) return link;
    try {
      return await this.issuer.sealLink(link, {
        subjectHash: entry.subject,
        logIndex: receipt.index,
        expiresAt: entry.expiresAt ? Date.parse(entry.expiresAt) : null,
        ...facts,
      });
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, event: entry.event }, 'seal not issued');
      return link;
    }
  }
}
