import crypto from 'node:crypto';
import { kidOf, type SealJwk, type SealKeySet } from '#shared/seals/keys.ts';
import type { Db } from '#server/db/kysely.ts';
import type { SealKeysTable } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';

/** How long a just-retired key's seals are still accepted: instances re-read the active key this often. */
export const ROTATION_GRACE_MS = 10 * 60 * 1000;
const ACTIVE_TTL_MS = 5000;

interface SigningKey {
  kid: string;
  key: crypto.KeyObject;
}

const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test((err as Error).message ?? '') || (err as { code?: string }).code === '23505';

const seconds = (isoTime: string) => Math.floor(Date.parse(isoTime) / 1000);

/**
 * The instance's ES256 keys: generated on first start, the private half sealed with the settings
 * SecretBox (like the SMTP password) and kept in the database, so every instance signs with the
 * one active key. Rotation retires the active key; retired keys stay listed for ever.
 */
export class SealKeys {
  private active: (SigningKey & { readAt: number }) | null = null;
  private readonly opened = new Map<string, crypto.KeyObject>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
  ) {}

  /** Makes sure one key is active; two instances starting together end with the same one. */
  async init(): Promise<string> {
    return (await this.current()).kid;
  }

  private async newRow(): Promise<SealKeysTable> {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string; y: string };
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    return {
      kid: await kidOf(jwk),
      public_jwk: JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }),
      private_sealed: this.box.seal(pkcs8),
      status: 'active',
      created_at: iso(this.clock.now()),
      retired_at: null,
      valid_until: null,
    };
  }

  private readActive() {
    return this.db
      .selectFrom('seal_keys')
      .select(['kid', 'private_sealed'])
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  private open(kid: string, sealed: string): crypto.KeyObject {
    let key = this.opened.get(kid);
    if (!key) {
      const pkcs8 = this.box.open(sealed);
      if (pkcs8 === null) throw new Error(`signing key ${kid} cannot be opened: the settings key changed`);
      key = crypto.createPrivateKey({ key: Buffer.from(pkcs8, 'base64'), format: 'der', type: 'pkcs8' });
      this.opened.set(kid, key);
    }
    return key;
  }

  /** The active key, re-read every few seconds so a rotation on another instance reaches this one. */
  async current(): Promise<SigningKey> {
    const now = Date.now();
    if (this.active && now - this.active.readAt < ACTIVE_TTL_MS) return this.active;
    let row = await this.readActive();
    if (!row) {
      // Whoever inserts first wins; the partial unique index turns the other insert into nothing.
      await this.db
        .insertInto('seal_keys')
        .values(await this.newRow())
        .onConflict((oc) => oc.doNothing())
        .execute();
      row = await this.readActive();
      if (!row) throw new Error('no active signing key after creating one');
    }
    this.active = { kid: row.kid, key: this.open(row.kid, row.private_sealed), readAt: now };
    return this.active;
  }

  /** Raw ES256 (r‖s, 64 bytes), the form WebCrypto verifies. */
  async sign(message: Uint8Array): Promise<{ kid: string; signature: Buffer }> {
    const { kid, key } = await this.current();
    return { kid, signature: crypto.sign('sha256', message, { key, dsaEncoding: 'ieee-p1363' }) };
  }

  /** Retires the active key (its seals stay valid) and makes a new one active. */
  async rotate(): Promise<{ retired: string | null; active: string }> {
    for (let attempt = 0; ; attempt++) {
      const fresh = await this.newRow();
      const now = this.clock.now();
      try {
        const retired = await this.db.transaction().execute(async (trx) => {
          const old = await trx
            .updateTable('seal_keys')
            .set({ status: 'retired', retired_at: iso(now), valid_until: iso(now + ROTATION_GRACE_MS) })
            .where('status', '=', 'active')
            .returning('kid')
            .executeTakeFirst();
          await trx.insertInto('seal_keys').values(fresh).execute();
          return old?.kid ?? null;
        });
        this.active = null;
        return { retired, active: fresh.kid };
      } catch (err) {
        // Another instance rotated at the same moment: retire its new key in turn.
        if (!isUniqueViolation(err) || attempt >= 3) throw err;
      }
    }
  }

  /** Every key ever used, oldest first, as a JWKS with validity. */
  async keySet(): Promise<SealKeySet> {
    const rows = await this.db
      .selectFrom('seal_keys')
      .selectAll()
      .orderBy('created_at')
      .orderBy('kid')
      .execute();
    return {
      keys: rows.map((r): SealJwk => {
        const pub = JSON.parse(r.public_jwk) as { x: string; y: string };
        return {
          kty: 'EC',
          crv: 'P-256',
          x: pub.x,
          y: pub.y,
          kid: r.kid,
          alg: 'ES256',
          use: 'sig',
          nbf: seconds(r.created_at),
          ...(r.valid_until ? { exp: seconds(r.valid_until) } : {}),
          status: r.status,
        };
      }),
    };
  }
}
