import type { Db } from '../db/kysely.ts';
import { iso, type Clock } from './clock.ts';
import type { WarnLog } from './write-in-chunks.ts';

const REFRESH_MS = 5000;

/**
 * One JSON document in the settings table, merged over defaults. Every instance re-reads it every
 * few seconds, so an admin's change applies everywhere without restart. `current` is updated in
 * place: hold on to the object, not to its values.
 */
export class SettingsStore<T extends object> {
  readonly current: T;
  private timer: NodeJS.Timeout | undefined;
  private lastJson = '';
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly key: string,
    private readonly defaults: () => T,
    /** Keeps the stored values that are still valid; the rest fall back to defaults. */
    private readonly accept: (stored: Record<string, unknown>, defaults: T) => T,
    private readonly log: WarnLog,
    /** Called after a load or save that changed the values (e.g. to rebuild a mail transport). */
    private readonly onChange?: (current: T) => void,
  ) {
    this.current = defaults();
  }

  async load() {
    // A save that starts or ends while this read is in flight wins: its values are newer than ours
    // (on a pool the read may run on another connection before the save's write commits).
    const generation = this.generation;
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', this.key)
      .executeTakeFirst();
    let stored: Record<string, unknown> = {};
    try {
      stored = row ? (JSON.parse(row.value) as Record<string, unknown>) : {};
    } catch {
      this.log.warn({ key: this.key }, 'stored settings are not JSON: using the defaults');
      stored = {};
    }
    if (generation !== this.generation) return;
    Object.assign(this.current, this.accept(stored, this.defaults()));
    this.changed();
  }

  private changed() {
    const json = JSON.stringify(this.current);
    if (json === this.lastJson) return;
    this.lastJson = json;
    this.onChange?.(this.current);
  }

  async save(changes: Partial<T>) {
    this.generation += 1;
    try {
      await this.write(changes);
    } finally {
      this.generation += 1;
    }
  }

  private async write(changes: Partial<T>) {
    const next = { ...this.current, ...changes };
    const value = JSON.stringify(next);
    const now = iso(this.clock.now());
    await this.db
      .insertInto('settings')
      .values({ key: this.key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
    Object.assign(this.current, next);
    this.changed();
  }

  start() {
    this.timer = setInterval(
      () =>
        void this.load().catch((err: unknown) =>
          this.log.warn({ err, key: this.key }, 'settings reload failed'),
        ),
      REFRESH_MS,
    );
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }
}
