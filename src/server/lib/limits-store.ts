import type { Db } from '../db/kysely.ts';
import type { Clock } from './clock.ts';
import { defaultLimits, type SecurityLimits } from './limits.ts';
import { SettingsStore } from './settings-store.ts';
import type { WarnLog } from './write-in-chunks.ts';

/** The enforced limits, editable by admins and applied on every instance without restart. */
export const createLimitsStore = (db: Db, clock: Clock, log: WarnLog) =>
  new SettingsStore<SecurityLimits>(
    db,
    clock,
    'security-limits',
    defaultLimits,
    (stored, defaults) => {
      const out = { ...defaults };
      for (const k of Object.keys(defaults) as (keyof SecurityLimits)[]) {
        const v = stored[k];
        const fallback = defaults[k];
        const number = typeof fallback === 'number' && typeof v === 'number' && Number.isFinite(v) && v > 0;
        if (number || (typeof fallback === 'boolean' && typeof v === 'boolean'))
          Object.assign(out, { [k]: v });
      }
      return out;
    },
    log,
  );
