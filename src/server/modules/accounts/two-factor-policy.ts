import type { Db } from '#server/db/kysely.ts';
import type { UserRow } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { SettingsStore } from '#server/lib/settings-store.ts';
import type { WarnLog } from '#server/lib/write-in-chunks.ts';

/**
 * Who must use two-factor sign-in (decision 030). "Required" asks and reminds:
 * a user it applies to who has not set it up is signed in as before, told so at once and shown a
 * banner until done. Refusing them would lock out the first admin of every existing install.
 */
export interface TwoFactorPolicy {
  requireForAdmins: boolean;
  requireForAll: boolean;
}

const defaults = (): TwoFactorPolicy => ({ requireForAdmins: true, requireForAll: false });

export const createTwoFactorPolicyStore = (db: Db, clock: Clock, log: WarnLog) =>
  new SettingsStore<TwoFactorPolicy>(
    db,
    clock,
    'two-factor-policy',
    defaults,
    (stored, d) => ({
      requireForAdmins:
        typeof stored.requireForAdmins === 'boolean' ? stored.requireForAdmins : d.requireForAdmins,
      requireForAll: typeof stored.requireForAll === 'boolean' ? stored.requireForAll : d.requireForAll,
    }),
    log,
  );

export const policyApplies = (policy: TwoFactorPolicy, user: Pick<UserRow, 'role'>) =>
  policy.requireForAll || (policy.requireForAdmins && user.role === 'admin');
