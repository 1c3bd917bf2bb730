import type { Db } from '../db/kysely.ts';
import { iso, type Clock } from './clock.ts';
import { defaultLimits, type SecurityLimits } from './limits.ts';

const KEY = 'security-limits';
const REFRESH_MS = 5000;

/**
 * The enforced limits live in the settings table, so a change applies on every instance within
 * a few seconds, without restart. The object handed out is updated in place.
 */
export class LimitsStore {
  readonly current: SecurityLimits = defaultLimits();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async load() {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', KEY)
      .executeTakeFirst();
    const stored = row ? (JSON.parse(row.value) as Partial<SecurityLimits>) : {};
    const defaults = defaultLimits();
    for (const k of Object.keys(defaults) as (keyof SecurityLimits)[]) {
      const v = stored[k];
      this.current[k] = typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : defaults[k];
    }
  }

  async save(changes: Partial<SecurityLimits>) {
    const next = { ...this.current, ...changes };
    const value = JSON.stringify(next);
    await this.db
      .insertInto('settings')
      .values({ key: KEY, value, updated_at: iso(this.clock.now()) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: iso(this.clock.now()) }))
      .execute();
    Object.assign(this.current, next);
  }

  start() {
    this.timer = setInterval(() => void this.load().catch(() => undefined), REFRESH_MS);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }
}
