import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyItem } from '#shared/accounts/answers.ts';
import type { Db } from '#server/db/kysely.ts';
import type { UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { sha256 } from '#server/lib/crypto.ts';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const MAX_PASSKEYS = 20;

export type ChallengePurpose = 'register' | 'login' | 'confirm';

/** Where WebAuthn runs: the relying-party id is the public URL's host, the origin its origin. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export type AssertionResult =
  | { kind: 'ok'; userId: number; passkeyId: number; userVerified: boolean }
  | { kind: 'expired' | 'failed' | 'unknown' };

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server (decision 030). Challenges are stored on the
 * server, one per browser session and purpose, expire after 5 minutes and are taken (deleted)
 * by the first response that uses them, whether or not it verifies.
 */
export class PasskeysService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly rp: () => RelyingParty,
  ) {}

  private key(sessionId: string, purpose: ChallengePurpose) {
    return sha256(`${purpose}:${sessionId}`);
  }

  private async keepChallenge(
    sessionId: string,
    purpose: ChallengePurpose,
    challenge: string,
    userId: number | null,
  ) {
    const key = this.key(sessionId, purpose);
    const expires = iso(this.clock.now() + CHALLENGE_TTL_MS);
    await this.db
      .insertInto('webauthn_challenges')
      .values({ key, challenge, user_id: userId, expires_at: expires })
      .onConflict((oc) => oc.column('key').doUpdateSet({ challenge, user_id: userId, expires_at: expires }))
      .execute();
  }

  /** Takes the challenge (single use): the row is deleted by the statement that reads it. */
  private async takeChallenge(sessionId: string, purpose: ChallengePurpose) {
    const row = await this.db
      .deleteFrom('webauthn_challenges')
      .where('key', '=', this.key(sessionId, purpose))
      .returning(['challenge', 'user_id', 'expires_at'])
      .executeTakeFirst();
    if (!row || Date.parse(row.expires_at) <= this.clock.now()) return null;
    return row;
  }

  list(userId: number): Promise<PasskeyItem[]> {
    return this.db
      .selectFrom('passkeys')
      .select(['id', 'name', 'created_at as createdAt', 'last_used_at as lastUsedAt'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  private credentialsOf(userId: number) {
    return this.db
      .selectFrom('passkeys')
      .select(['credential_id', 'transports'])
      .where('user_id', '=', userId)
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          id: r.credential_id,
          ...(r.transports ? { transports: JSON.parse(r.transports) as string[] } : {}),
        })),
      );
  }

  async registrationOptions(sessionId: string, user: UserRow) {
    const rp = this.rp();
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.email,
      userDisplayName: user.name ?? user.email,
      // A stable, opaque handle: the account id, never the e-mail address.
      userID: new TextEncoder().encode(`inkproof-user-${user.id}`),
      attestationType: 'none',
      excludeCredentials: (await this.credentialsOf(user.id)) as { id: string }[],
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.keepChallenge(sessionId, 'register', options.challenge, user.id);
    return options;
  }

  async register(
    sessionId: string,
    user: UserRow,
    name: string,
    response: RegistrationResponseJSON,
  ): Promise<{ kind: 'ok'; passkey: PasskeyItem } | { kind: 'expired' | 'failed' | 'too-many' }> {
    const challenge = await this.takeChallenge(sessionId, 'register');
    if (!challenge || challenge.user_id !== user.id) return { kind: 'expired' };
    const rp = this.rp();
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!result?.verified) return { kind: 'failed' };
    if ((await this.list(user.id)).length >= MAX_PASSKEYS) return { kind: 'too-many' };
    const { credential } = result.registrationInfo;
    const now = iso(this.clock.now());
    const row = await this.db
      .insertInto('passkeys')
      .values({
        user_id: user.id,
        credential_id: credential.id,
        public_key: b64(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        name,
        created_at: now,
        last_used_at: null,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning(['id', 'name', 'created_at as createdAt', 'last_used_at as lastUsedAt'])
      .executeTakeFirst();
    return row ? { kind: 'ok', passkey: row } : { kind: 'failed' };
  }

  /** Options for an assertion: for one user's passkeys, or (userId null) any discoverable one. */
  async authenticationOptions(sessionId: string, purpose: 'login' | 'confirm', userId: number | null) {
    const options = await generateAuthenticationOptions({
      rpID: this.rp().id,
      allowCredentials: userId === null ? [] : ((await this.credentialsOf(userId)) as { id: string }[]),
      userVerification: 'preferred',
    });
    await this.keepChallenge(sessionId, purpose, options.challenge, userId);
    return options;
  }

  async authenticate(
    sessionId: string,
    purpose: 'login' | 'confirm',
    response: AuthenticationResponseJSON,
  ): Promise<AssertionResult> {
    const challenge = await this.takeChallenge(sessionId, purpose);
    if (!challenge) return { kind: 'expired' };
    const stored = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', response.id)
      .executeTakeFirst();
    if (!stored) return { kind: 'unknown' };
    if (challenge.user_id !== null && challenge.user_id !== stored.user_id) return { kind: 'failed' };
    const rp = this.rp();
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: Number(stored.counter),
        ...(stored.transports ? { transports: JSON.parse(stored.transports) as string[] } : {}),
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!result?.verified) return { kind: 'failed' };
    await this.db
      .updateTable('passkeys')
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: iso(this.clock.now()) })
      .where('id', '=', stored.id)
      .execute();
    return {
      kind: 'ok',
      userId: stored.user_id,
      passkeyId: stored.id,
      userVerified: result.authenticationInfo.userVerified,
    };
  }

  async rename(userId: number, id: number, name: string) {
    const res = await this.db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async remove(userId: number, id: number) {
    const res = await this.db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  async purgeExpired() {
    await this.db
      .deleteFrom('webauthn_challenges')
      .where('expires_at', '<=', iso(this.clock.now()))
      .execute();
  }
}
