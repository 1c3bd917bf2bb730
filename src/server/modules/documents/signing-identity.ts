import type { Db } from '#server/db/kysely.ts';
import { createSelfSignedIdentity, describeCertificate, type SigningIdentity } from '../pdf/certificate.ts';

const SECRET_NAME = 'pdf-signing-identity';

interface Stored {
  p12: string;
  password: string;
  subject: string;
}

export interface LoadedIdentity extends SigningIdentity {
  subject: string;
}

/**
 * The PKCS#12 the server signs PDFs with, kept in app_secrets so every instance on one database
 * signs alike. Key, certificate and password live in one row, so racing first starts cannot pair
 * one instance's key with another's password: the first insert wins and everyone reads it back.
 */
export class SigningIdentityStore {
  constructor(
    private readonly db: Db,
    private readonly commonName: () => string,
  ) {}

  async load(): Promise<LoadedIdentity> {
    let row = await this.read();
    if (!row) {
      const created = createSelfSignedIdentity(this.commonName());
      const value: Stored = {
        p12: created.p12.toString('base64'),
        password: created.password,
        subject: describeCertificate(created.p12, created.password)?.subject ?? this.commonName(),
      };
      await this.db
        .insertInto('app_secrets')
        .values({ name: SECRET_NAME, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      row = await this.read();
      if (!row) throw new Error('the PDF signing identity could not be stored');
    }
    return { p12: Buffer.from(row.p12, 'base64'), password: row.password, subject: row.subject };
  }

  /** Replaces the server's identity with an admin's PKCS#12; refused when it cannot sign. */
  async replace(
    p12: Buffer,
    password: string,
  ): Promise<{ kind: 'ok'; subject: string } | { kind: 'invalid' }> {
    try {
      // Loaded here only: the main thread never needs the PDF library otherwise.
      const { P12Signer } = await import('@libpdf/core');
      await P12Signer.create(p12, password);
    } catch {
      return { kind: 'invalid' };
    }
    const subject = describeCertificate(p12, password)?.subject ?? 'Configured certificate';
    const value: Stored = { p12: p12.toString('base64'), password, subject };
    await this.db
      .insertInto('app_secrets')
      .values({ name: SECRET_NAME, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value) }))
      .execute();
    return { kind: 'ok', subject };
  }

  private async read(): Promise<Stored | null> {
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as Stored) : null;
  }
}
