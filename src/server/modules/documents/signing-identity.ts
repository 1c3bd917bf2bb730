import crypto from 'node:crypto';
import type { Db } from '#server/db/kysely.ts';
import { iso } from '#server/lib/clock.ts';
import { certificateSummary, type SigningIdentity } from '../pdf/certificate.ts';
import { createSelfSignedIdentity } from '../pdf/self-signed.ts';
import { JobAbortedError, PoolBusyError, type PdfPool } from '../pdf/pdf-pool.ts';
import type { IdentityRefusal } from '../pdf/pkcs12-identity.ts';

const SECRET_NAME = 'pdf-signing-identity';
/** Before decision 027: the SHA-256 of the PKCS#12 an admin uploaded, kept beside it. */
const LEGACY_UPLOAD_MARKER = 'pdf-signing-identity-upload';

interface Stored {
  /** PKCS#8 DER, base64. */
  key: string;
  /** DER certificates, base64: signing certificate first, then its CAs. */
  certificates: string[];
  subject: string;
  /** When an admin uploaded it; null for the certificate the server generated. */
  uploadedAt: string | null;
}

/** What was stored before decision 027: a PKCS#12 and its password. */
interface LegacyStored {
  p12: string;
  password: string;
  subject: string;
}

export interface LoadedIdentity extends SigningIdentity {
  subject: string;
  uploadedAt: string | null;
}

const toStored = (identity: SigningIdentity, uploadedAt: string | null): Stored => ({
  key: Buffer.from(identity.key).toString('base64'),
  certificates: identity.certificates.map((c) => Buffer.from(c).toString('base64')),
  subject: certificateSummary(identity.certificates[0]!).subject,
  uploadedAt,
});

const fromStored = (s: Stored): LoadedIdentity => ({
  key: Buffer.from(s.key, 'base64'),
  certificates: s.certificates.map((c) => Buffer.from(c, 'base64')),
  subject: s.subject,
  uploadedAt: s.uploadedAt,
});

/** Generous for the few key derivations of a real file; a hostile one is stopped by it. */
const OPEN_TIMEOUT_MS = 20_000;

/**
 * The key and certificates the server signs PDFs with, kept in app_secrets so every instance on
 * one database signs alike. One row holds them all, so racing first starts cannot pair one
 * instance's key with another's certificate: the first insert wins and everyone reads it back.
 * Admins' PKCS#12 files are opened in the PDF workers (decision 027).
 */
export class SigningIdentityStore {
  constructor(
    private readonly db: Db,
    private readonly pdf: PdfPool,
    private readonly commonName: () => string,
  ) {}

  async load(): Promise<LoadedIdentity> {
    let value = await this.read();
    if (!value) {
      const created = toStored(await createSelfSignedIdentity(this.commonName()), null);
      await this.db
        .insertInto('app_secrets')
        .values({ name: SECRET_NAME, value: JSON.stringify(created) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      value = await this.read();
      if (!value) throw new Error('the PDF signing identity could not be stored');
    }
    const stored = JSON.parse(value) as Stored | LegacyStored;
    if (!('p12' in stored)) return fromStored(stored);
    await this.upgrade(value, stored);
    return this.load();
  }

  /**
   * Replaces the server's identity with an admin's PKCS#12, unless it cannot sign: then the
   * reason, and the current identity stays.
   */
  async replaceWithPkcs12(
    p12: Uint8Array,
    password: string,
    now: number,
  ): Promise<{ kind: 'ok'; subject: string } | { kind: 'busy' } | IdentityRefusal> {
    let result;
    try {
      result = await this.pdf.run('openPkcs12', { p12, password, now }, { timeoutMs: OPEN_TIMEOUT_MS });
    } catch (err) {
      if (err instanceof PoolBusyError) return { kind: 'busy' };
      if (err instanceof JobAbortedError) return { kind: 'not-pkcs12' };
      throw err;
    }
    if (result.kind !== 'ok') return result;
    const value = toStored(result.identity, iso(now));
    await this.db
      .insertInto('app_secrets')
      .values({ name: SECRET_NAME, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value) }))
      .execute();
    return { kind: 'ok', subject: value.subject };
  }

  /**
   * A PKCS#12 stored by an earlier version becomes key and certificates, once: the row is
   * rewritten only if no other instance changed it meanwhile. Its validity is not re-judged.
   */
  private async upgrade(value: string, legacy: LegacyStored) {
    const p12 = Buffer.from(legacy.p12, 'base64');
    const assembled = await this.pdf.run('openPkcs12', { p12, password: legacy.password });
    if (assembled.kind !== 'ok')
      throw new Error(`the stored PDF signing identity cannot be read (${assembled.kind})`);
    const marker = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', LEGACY_UPLOAD_MARKER)
      .executeTakeFirst();
    const upload = marker ? (JSON.parse(marker.value) as { sha256: string; uploadedAt: string }) : null;
    const sha256 = crypto.createHash('sha256').update(p12).digest('hex');
    const upgraded = toStored(assembled.identity, upload?.sha256 === sha256 ? upload.uploadedAt : null);
    await this.db
      .updateTable('app_secrets')
      .set({ value: JSON.stringify(upgraded) })
      .where('name', '=', SECRET_NAME)
      .where('value', '=', value)
      .execute();
    await this.db.deleteFrom('app_secrets').where('name', '=', LEGACY_UPLOAD_MARKER).execute();
  }

  private async read(): Promise<string | null> {
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirst();
    return row?.value ?? null;
  }
}
