import { readLink, sealLink, issuerOf, VERIFY_PATH } from '#shared/seals/link.ts';
import { fitSignerLine, issueSealToken, type SealClaims } from '#shared/seals/token.ts';
import type { SealKeys } from './keys.service.ts';

/** What the server knows of an item beyond its link. */
export interface SealFacts {
  /** Hex SHA-256 of the subject (signatureSubject of the row, or the document's original file). */
  subjectHash: string;
  /** Where appendToLog put the item's issuance. */
  logIndex: number;
  /** Milliseconds; null or absent = never expires. */
  expiresAt?: number | null;
  /** Documents only: the signers (their link carries no name) and the signing time in ms. */
  signerNames?: string[];
  signedAt?: number;
}

/** Issues seals with the instance's active key. */
export class SealIssuer {
  constructor(
    private readonly keys: SealKeys,
    private readonly publicUrl: () => string,
  ) {}

  private get issuer() {
    return issuerOf(new URL(`${this.publicUrl().replace(/\/+$/, '')}${VERIFY_PATH}`));
  }

  /** A seal for these claims (issuer and key are this instance's). */
  async token(claims: Omit<SealClaims, 'issuer' | 'kid'>): Promise<string> {
    const active = await this.keys.current();
    return issueSealToken(
      { ...claims, issuer: this.issuer, kid: active.kid },
      async (message) => (await this.keys.sign(message)).signature,
    );
  }

  /**
   * The link with its seal in the fragment. The claims a link carries (reference; name and time
   * for a signature) are read from the link itself, so seal and link cannot disagree.
   */
  async sealLink(link: string, facts: SealFacts): Promise<string> {
    const read = readLink(link);
    if (!read) throw new Error('not a verification link');
    if (read.issuer !== this.issuer)
      throw new Error(`a link of ${read.issuer} cannot be sealed by ${this.issuer}`);
    const signedAt = read.kind === 'document' ? facts.signedAt : read.signedAt;
    if (signedAt === undefined || signedAt === null) throw new Error('a sealed link needs its signing time');
    const token = await this.token({
      kind: read.kind,
      reference: read.reference,
      signerName: read.kind === 'document' ? fitSignerLine(facts.signerNames ?? []) : read.signerName!,
      signedAt,
      expiresAt: facts.expiresAt ?? null,
      subjectHash: facts.subjectHash,
      logIndex: facts.logIndex,
    });
    return sealLink(link, token);
  }
}
