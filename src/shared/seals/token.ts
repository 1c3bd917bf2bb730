import { fromBase32, toBase32 } from './base32.ts';
import { ByteReader, ByteWriter, concat, fromHex, ShortInput, toHex, utf8, type Bytes } from './bytes.ts';
import { KID_BYTES, kidBytes } from './keys.ts';

export type SealKind = 'signature' | 'document';

/**
 * Bytes of the subject's SHA-256 a seal carries. A signature's link is long (name, time, reference
 * in the query) and the QR must stay at version 11, so its seal holds a 96-bit prefix; the log
 * leaf it points to holds the whole hash. A document's seal holds all of it: the stand-alone
 * verifier compares it with the original revision inside a signed PDF (decision 029).
 */
export const SUBJECT_BYTES: Record<SealKind, number> = { signature: 12, document: 32 };
export const SIGNATURE_BYTES = 64;
export const DAY_MS = 86_400_000;
/** The longest signer line a document seal carries (UTF-8 bytes): see fitSignerLine. */
export const SIGNER_LINE_MAX_BYTES = 64;

const VERSION = 1;
const KIND_CODES: SealKind[] = ['signature', 'document'];
const DOMAIN = utf8('inkproof-seal\u0000');

/** What a seal states; with the issuer's key it proves all of it. */
export interface SealClaims {
  /** The instance's base URL (origin, plus its path when it runs under one), no trailing slash. */
  issuer: string;
  /** Hex of the 8-byte key id: the JWK `kid` of the key that signed. */
  kid: string;
  kind: SealKind;
  reference: string;
  signerName: string;
  /** Milliseconds since 1970. */
  signedAt: number;
  /** Milliseconds since 1970, a whole number of days after signedAt; null = never expires. */
  expiresAt: number | null;
  /** Hex SHA-256 of the subject (signature data or original file); in a seal, its first SUBJECT_BYTES. */
  subjectHash: string;
  logIndex: number;
}

/** A seal as read from its text, before any key has looked at it. */
export interface DecodedSeal {
  kind: SealKind;
  kid: string;
  logIndex: number;
  expiryDays: number | null;
  /** Carried by document seals only (a signature's link carries them in its query). */
  signedAt: number | null;
  signerName: string | null;
  subject: Bytes;
  signature: Bytes;
  /** The bytes the signature covers together with the link's claims. */
  body: Bytes;
}

export type DecodeFailure = 'malformed' | 'truncated' | 'unsupported';
export type DecodeResult = { ok: true; seal: DecodedSeal } | { ok: false; reason: DecodeFailure };

const normalizeText = (s: string) => s.normalize('NFC');
export const normalizeSealReference = (ref: string) => ref.trim().toUpperCase();

/** Names joined with ", ", cut at a character boundary with "…" to fit SIGNER_LINE_MAX_BYTES. */
export function fitSignerLine(names: string[]): string {
  const line = normalizeText(names.join(', '));
  if (utf8(line).length <= SIGNER_LINE_MAX_BYTES) return line;
  let out = '';
  for (const ch of line) {
    if (utf8(`${out}${ch}…`).length > SIGNER_LINE_MAX_BYTES) break;
    out += ch;
  }
  return `${out}…`;
}

function expiryDays(c: Pick<SealClaims, 'signedAt' | 'expiresAt'>): number | null {
  if (c.expiresAt === null) return null;
  return Math.max(0, Math.ceil((c.expiresAt - c.signedAt) / DAY_MS));
}

/** The transmitted part of a seal, without its signature. */
export function sealBody(c: SealClaims): Bytes {
  const kid = kidBytes(c.kid);
  if (!kid) throw new RangeError('a kid is 8 bytes of hex');
  const subject = fromHex(c.subjectHash);
  const n = SUBJECT_BYTES[c.kind];
  if (!subject || subject.length < n) throw new RangeError(`the subject hash needs ${n} bytes`);
  const days = expiryDays(c);
  const w = new ByteWriter()
    .u8((VERSION << 4) | (KIND_CODES.indexOf(c.kind) << 2) | (days === null ? 0 : 2))
    .bytes(kid)
    .varint(c.logIndex);
  if (days !== null) w.varint(days);
  if (c.kind === 'document') {
    const name = utf8(normalizeText(c.signerName));
    if (name.length > SIGNER_LINE_MAX_BYTES) throw new RangeError('signer line too long: use fitSignerLine');
    w.varint(c.signedAt).field(name);
  }
  return w.bytes(subject.slice(0, n)).finish();
}

/**
 * What the signature covers: a domain tag, the body, and every claim in one canonical form,
 * including those the link carries instead of the seal (like COSE's external data).
 */
export function sealMessage(
  body: Bytes,
  c: Pick<SealClaims, 'issuer' | 'reference' | 'signerName' | 'signedAt'>,
) {
  return concat(
    DOMAIN,
    new ByteWriter()
      .field(body)
      .field(utf8(c.issuer))
      .field(utf8(normalizeSealReference(c.reference)))
      .field(utf8(normalizeText(c.signerName)))
      .varint(c.signedAt)
      .finish(),
  );
}

/** The seal text: body and raw ES256 signature (r‖s) in base32. `sign` is the issuer's key. */
export async function issueSealToken(
  claims: SealClaims,
  sign: (message: Bytes) => Promise<Uint8Array> | Uint8Array,
): Promise<string> {
  const c = {
    ...claims,
    expiresAt: claims.expiresAt === null ? null : claims.signedAt + expiryDays(claims)! * DAY_MS,
  };
  const body = sealBody(c);
  const signature = await sign(sealMessage(body, c));
  if (signature.length !== SIGNATURE_BYTES) throw new Error('an ES256 signature is 64 bytes (r‖s)');
  return toBase32(concat(body, signature));
}

export function decodeSealToken(text: string): DecodeResult {
  const bytes = fromBase32(text.trim());
  if (!bytes) return { ok: false, reason: 'malformed' };
  const r = new ByteReader(bytes);
  try {
    const header = r.u8();
    if (header >> 4 !== VERSION) return { ok: false, reason: 'unsupported' };
    const kind = KIND_CODES[(header >> 2) & 3];
    if (!kind || (header & 1) !== 0) return { ok: false, reason: 'malformed' };
    const kid = toHex(r.bytes(KID_BYTES));
    const logIndex = r.varint();
    const expiry = header & 2 ? r.varint() : null;
    let signedAt: number | null = null;
    let signerName: string | null = null;
    if (kind === 'document') {
      signedAt = r.varint();
      signerName = new TextDecoder('utf-8', { fatal: true }).decode(r.field(SIGNER_LINE_MAX_BYTES));
    }
    const subject = r.bytes(SUBJECT_BYTES[kind]);
    const bodyEnd = r.at;
    const signature = r.bytes(SIGNATURE_BYTES);
    if (r.remaining !== 0) return { ok: false, reason: 'malformed' };
    return {
      ok: true,
      seal: {
        kind,
        kid,
        logIndex,
        expiryDays: expiry,
        signedAt,
        signerName,
        subject,
        signature,
        body: bytes.slice(0, bodyEnd) as Bytes,
      },
    };
  } catch (err) {
    // BadInput, or a TypeError from invalid UTF-8 in the signer line: not something we wrote.
    return { ok: false, reason: err instanceof ShortInput ? 'truncated' : 'malformed' };
  }
}
