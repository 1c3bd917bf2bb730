import type { CountedEvent } from '#shared/admin/counted-events.ts';
import type { Db } from '../db/kysely.ts';

/**
 * Counts one event on its day (decision 031). Pass the transaction that writes the event's row,
 * so the count and the row commit together: a rolled-back sign-up is not counted.
 */
export async function countEvent(db: Db, event: CountedEvent, at: string): Promise<void> {
  await db
    .insertInto('event_counts')
    .values({ day: at.slice(0, 10), event, count: 1 })
    .onConflict((oc) =>
      oc.columns(['day', 'event']).doUpdateSet((eb) => ({ count: eb('event_counts.count', '+', 1) })),
    )
    .execute();
}
