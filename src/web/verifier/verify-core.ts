import { KeyRing, type SealJwk, type SealKeySet } from '#shared/seals/keys.ts';
import { readLink, type LinkClaims } from '#shared/seals/link.ts';
import { sealFailureMessages, sealMessages } from '#shared/seals/messages.ts';
import { verifySeal, type SealVerification } from '#shared/seals/verify.ts';
import { verifierText as t } from './messages.ts';
import { looksLikePdf, sealedLinksInPdf, type FoundLink } from './pdf-links.ts';
import { findOriginalRevision } from './pdf-revisions.ts';

/** What the server writes into the page: the instance and its public keys, retired ones included. */
export interface EmbeddedKeys {
  issuer: string;
  keySet: SealKeySet;
}

export interface Finding {
  verdict: 'proven' | 'not-proven';
  /** Where the checked link came from (the pasted text, a QR code in a file…). */
  source: string;
  /** Not proven: why, in words to show as they are. */
  reason?: string;
  proved: string[];
  notChecked: string[];
  /** The proven seal's claims, for callers and tests. */
  verification?: SealVerification;
}

export interface Report {
  verdict: 'proven' | 'not-proven';
  /** Not proven: why (the findings say more). */
  reason?: string;
  findings: Finding[];
}

/** The keys a check uses: those the file carries, then those the user added. */
export class VerifierKeys {
  private constructor(
    readonly embedded: EmbeddedKeys | null,
    private readonly embeddedRing: KeyRing,
    readonly ring: KeyRing,
    readonly added: SealJwk[],
  ) {}

  static async from(embedded: EmbeddedKeys | null, added: SealJwk[] = []): Promise<VerifierKeys> {
    const own = await KeyRing.from(embedded?.keySet);
    return new VerifierKeys(embedded, own, await KeyRing.from(embedded?.keySet, added), added);
  }

  /** The keys of a dropped key set this ring does not have yet; null when it is no key set. */
  async withAdded(set: unknown): Promise<{ keys: VerifierKeys; kids: string[] } | null> {
    const list = (set as { keys?: unknown } | null)?.keys;
    if (!Array.isArray(list)) return null;
    const fresh = await KeyRing.from(list as SealJwk[]);
    const kids: string[] = [];
    const accepted: SealJwk[] = [];
    for (const jwk of list as SealJwk[]) {
      const kid = typeof jwk?.kid === 'string' ? jwk.kid.toLowerCase() : '';
      if (!fresh.get(kid) || this.ring.get(kid) || kids.includes(kid)) continue;
      kids.push(kid);
      accepted.push(fresh.get(kid)!.jwk);
    }
    return { keys: await VerifierKeys.from(this.embedded, [...this.added, ...accepted]), kids };
  }

  isEmbedded(kid: string) {
    return this.embeddedRing.get(kid) !== null;
  }
}

/** Dates as a verifier years later reads them: UTC, no locale. */
export const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const notProven = (source: string, reason: string, verification?: SealVerification): Finding => ({
  verdict: 'not-proven',
  source,
  reason,
  proved: [],
  notChecked: [],
  ...(verification ? { verification } : {}),
});

/** Checks the seal of one link against the keys; every input gives a finding, nothing throws. */
export async function verifyLink(text: string, keys: VerifierKeys, source: string): Promise<Finding> {
  let claims: LinkClaims | null;
  try {
    claims = readLink(text);
  } catch {
    claims = null;
  }
  if (!claims) return notProven(source, sealFailureMessages['not-a-link']);
  let v: SealVerification;
  try {
    v = await verifySeal(claims, keys.ring);
  } catch {
    return notProven(source, sealFailureMessages.malformed);
  }
  if (v.status === 'not-proven') return notProven(source, v.message, v);
  const c = v.claims;
  const proved = [
    `${sealMessages.proven(c.issuer, utc(c.signedAt))}, key ${c.kid}.`,
    c.kind === 'document'
      ? t.what.document(c.reference, c.signerName)
      : t.what.signature(c.reference, c.signerName),
  ];
  if (keys.isEmbedded(c.kid)) {
    proved.push(t.keyEmbedded(c.kid, keys.embedded!.issuer));
    if (keys.embedded!.issuer !== c.issuer) proved.push(t.issuerMoved(c.issuer, keys.embedded!.issuer));
  } else {
    proved.push(t.keyAdded(c.kid, c.issuer));
  }
  if (v.key.exp !== undefined) proved.push(t.keyRetired(utc(v.key.exp * 1000)));
  if (c.expiresAt !== null)
    proved.push(v.expired ? t.expired(utc(c.expiresAt)) : t.expires(utc(c.expiresAt)));
  proved.push(t.logIndex(c.logIndex));
  if (c.kind === 'signature') proved.push(t.subjectSignature(c.subjectHash));
  return {
    verdict: 'proven',
    source,
    proved,
    notChecked: [t.notRevocation(c.issuer), t.notLog(c.logIndex)],
    verification: v,
  };
}

const sourceOf = (found: FoundLink) => (found.from === 'qr' ? t.fromPdfQr : t.fromPdfText);

/**
 * Checks a signed PDF: every sealed link it carries, and for a document seal, that one of the
 * file's revisions is byte for byte the original the seal names (its SHA-256).
 */
export async function verifyPdf(bytes: Uint8Array, keys: VerifierKeys): Promise<Report> {
  if (!looksLikePdf(bytes)) return { verdict: 'not-proven', reason: t.unreadableFile, findings: [] };
  let links: FoundLink[];
  try {
    links = await sealedLinksInPdf(bytes);
  } catch {
    links = [];
  }
  if (links.length === 0) return { verdict: 'not-proven', reason: t.noLinkInPdf, findings: [] };
  const findings: Finding[] = [];
  let documentProven = false;
  let documentSeen = false;
  for (const found of links) {
    const finding = await verifyLink(found.link, keys, sourceOf(found));
    const v = finding.verification;
    if (v?.status === 'proven' && v.claims.kind === 'document') {
      documentSeen = true;
      const match = await findOriginalRevision(bytes, v.claims.subjectHash);
      if (!match) {
        findings.push({ ...notProven(finding.source, t.noOriginal, v), proved: finding.proved.slice(0, 2) });
        continue;
      }
      documentProven = true;
      finding.proved.push(t.originalFound(match.revision, match.count, match.end, v.claims.subjectHash));
      if (match.revision < match.count) {
        finding.proved.push(t.laterRevisions(match.revision + 1, match.count));
        finding.notChecked.push(t.notLaterRevisions);
      }
    } else if (v?.status === 'proven') {
      finding.proved.push(t.signerSeal);
    } else if (readLink(found.link)?.kind === 'document') {
      documentSeen = true;
    }
    findings.push(finding);
  }
  if (documentProven) return { verdict: 'proven', findings };
  const firstFailure = findings.find((f) => f.verdict === 'not-proven')?.reason;
  const signersOnly = !documentSeen && findings.every((f) => f.verdict === 'proven');
  return {
    verdict: 'not-proven',
    reason: signersOnly ? t.noDocumentSeal : (firstFailure ?? t.noOriginal),
    findings,
  };
}

/** A key set as JSON, the way the server embeds it in the page; null when absent or damaged. */
export function readEmbeddedKeys(json: string | null | undefined): EmbeddedKeys | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Partial<EmbeddedKeys> | null;
    if (!parsed || typeof parsed.issuer !== 'string' || !Array.isArray(parsed.keySet?.keys)) return null;
    return { issuer: parsed.issuer, keySet: parsed.keySet };
  } catch {
    return null;
  }
}
