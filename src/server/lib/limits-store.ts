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
      const out: Record<string, number | boolean> = { ...defaults };
      for (const [k, fallback] of Object.entries(defaults)) {
        const v = stored[k as keyof SecurityLimits];
        if (typeof fallback === 'number' && typeof v === 'number' && Number.isFinite(v) && v > 0) out[k] = v;
        if (typeof fallback === 'boolean' && typeof v === 'boolean') out[k] = v;
      }
      return out as unknown as SecurityLimits;
    },
    log,
  );
