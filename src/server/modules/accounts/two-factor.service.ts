import type { SecondFactorMethod, TwoFactorStatus } from '#shared/accounts/answers.ts';
import type { Db } from '#server/db/kysely.ts';
import type { UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import type { SettingsStore } from '#server/lib/settings-store.ts';
import type { RecoveryCodes } from './recovery-codes.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';
import { policyApplies, type TwoFactorPolicy } from './two-factor-policy.ts';

export type ConfirmResult =
  { kind: 'ok'; recoveryCodes: string[] } | { kind: 'not-started' | 'wrong' | 'already-on' };
export type DisableResult = 'ok' | 'code' | 'not-on';

/** The authenticator-app factor (RFC 6238) and what a user's second step may be. */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    readonly recovery: RecoveryCodes,
    private readonly policy: SettingsStore<TwoFactorPolicy>,
    private readonly issuer: () => string,
  ) {}

  private totpRow(userId: number) {
    return this.db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  private async passkeyCount(userId: number) {
    const row = await this.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The second steps the account accepts; empty = no two-factor, the password alone signs in. */
  async methodsFor(userId: number): Promise<SecondFactorMethod[]> {
    const [totp, passkeys] = await Promise.all([this.totpRow(userId), this.passkeyCount(userId)]);
    const methods: SecondFactorMethod[] = [];
    if (totp?.confirmed_at) methods.push('totp', 'recovery');
    if (passkeys > 0) methods.push('passkey');
    return methods;
  }

  async setupRequired(user: Pick<UserRow, 'id' | 'role'>): Promise<boolean> {
    if (!policyApplies(this.policy.current, user)) return false;
    return (await this.methodsFor(user.id)).length === 0;
  }

  async status(user: UserRow, passkeys: TwoFactorStatus['passkeys']): Promise<TwoFactorStatus> {
    const totp = await this.totpRow(user.id);
    return {
      totp: !!totp?.confirmed_at,
      recoveryCodesLeft: totp?.confirmed_at ? await this.recovery.left(user.id) : 0,
      passkeys,
      setupRequired: policyApplies(this.policy.current, user) && !totp?.confirmed_at && passkeys.length === 0,
    };
  }

  /** A new secret, waiting for a first code; a set-up started earlier and not confirmed is replaced. */
  async begin(user: UserRow): Promise<{ secret: string; otpauthUrl: string } | 'already-on'> {
    const existing = await this.totpRow(user.id);
    if (existing?.confirmed_at) return 'already-on';
    const secret = newTotpSecret();
    const sealed = this.box.seal(secret);
    const now = iso(this.clock.now());
    await this.db
      .insertInto('user_totp')
      .values({
        user_id: user.id,
        secret_sealed: sealed,
        confirmed_at: null,
        last_step: null,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret_sealed: sealed, confirmed_at: null, last_step: null, created_at: now }),
      )
      .execute();
    return { secret, otpauthUrl: otpauthUrl(secret, user.email, this.issuer()) };
  }

  async confirm(user: UserRow, code: string): Promise<ConfirmResult> {
    const row = await this.totpRow(user.id);
    if (!row) return { kind: 'not-started' };
    if (row.confirmed_at) return { kind: 'already-on' };
    const secret = this.box.open(row.secret_sealed);
    const step = secret ? matchTotp(secret, code, this.clock.now(), null) : null;
    if (step === null) return { kind: 'wrong' };
    const recoveryCodes = await this.db.transaction().execute(async (tx) => {
      const res = await tx
        .updateTable('user_totp')
        .set({ confirmed_at: iso(this.clock.now()), last_step: step })
        .where('user_id', '=', user.id)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return null;
      return this.recovery.replace(tx, user.id);
    });
    return recoveryCodes ? { kind: 'ok', recoveryCodes } : { kind: 'already-on' };
  }

  /**
   * A code from the app, accepted once: the step it matched is stored with a conditional update,
   * so the same code (or an older one) sent again, even at the same moment, is refused.
   */
  async verifyCode(userId: number, code: string): Promise<boolean> {
    const row = await this.totpRow(userId);
    if (!row?.confirmed_at) return false;
    const secret = this.box.open(row.secret_sealed);
    if (!secret) return false;
    const step = matchTotp(
      secret,
      code,
      this.clock.now(),
      row.last_step === null ? null : Number(row.last_step),
    );
    if (step === null) return false;
    const res = await this.db
      .updateTable('user_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The password was confirmed before (the route's guard); a current code still has to come. */
  async disable(user: UserRow, code: string): Promise<DisableResult> {
    const row = await this.totpRow(user.id);
    if (!row?.confirmed_at) return 'not-on';
    if (!(await this.verifyCode(user.id, code))) return 'code';
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('user_totp').where('user_id', '=', user.id).execute();
      await tx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    });
    return 'ok';
  }

  /** An admin's reset: app, recovery codes and passkeys, all gone. */
  async reset(userId: number) {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
      await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await tx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
      await tx.deleteFrom('pending_logins').where('user_id', '=', userId).execute();
    });
  }
}
