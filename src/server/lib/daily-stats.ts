import type { Db } from '../db/kysely.ts';
import { isoPrefixCache, type Clock } from './clock.ts';
import { reportBadRow, writeInChunks, type WarnLog } from './write-in-chunks.ts';

/**
 * Daily counters kept in memory and added to `daily_stats` in one batch per flush, so counting
 * on a hot path costs a Map update, and reports read a few hundred rows instead of millions.
 */
export class DailyStats {
  private pending = new Map<string, number>();
  private readonly day: () => string;

  constructor(
    private readonly db: Db,
    clock: Clock,
    private readonly log: WarnLog,
  ) {
    this.day = isoPrefixCache(clock, 10);
  }

  add(metric: string, amount = 1) {
    const key = `${this.day()}|${metric.slice(0, 220)}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + amount);
  }

  async flush() {
    if (this.pending.size === 0) return;
    const rows = [...this.pending].map(([key, count]) => {
      const [day, metric] = key.split('|') as [string, string];
      return { day, metric, count };
    });
    this.pending = new Map();
    await writeInChunks(
      rows,
      300,
      (chunk) =>
        this.db
          .insertInto('daily_stats')
          .values(chunk)
          .onConflict((oc) =>
            oc
              .columns(['day', 'metric'])
              .doUpdateSet((eb) => ({ count: eb('daily_stats.count', '+', eb.ref('excluded.count')) })),
          )
          .execute(),
      reportBadRow(this.log, 'daily_stats'),
    );
  }
}
