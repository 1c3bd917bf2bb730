import { ByteWriter, concat, fromHex, toHex, utf8 } from './bytes.ts';
import { normalizeSealReference } from './token.ts';

/**
 * What a log entry records. Issuances and their revocations or deletions, nothing else; and
 * `index.unused`, the place of an issuance whose item never came to be (all its hashes zero).
 */
export const LOG_EVENTS = [
  'signature.issued',
  'signature.revoked',
  'signature.deleted',
  'document.signed',
  'document.deleted',
  'request.completed',
  'index.unused',
] as const;
export type LogEvent = (typeof LOG_EVENTS)[number];

/**
 * A leaf of the transparency log, as stored and served: JSON text whose UTF-8 bytes the leaf hash
 * covers. It holds hashes, never personal data: the subject's SHA-256, and the reference and the
 * signer's name only salted and hashed (a per-entry random salt, shown), so the log lists no
 * private reference and no name, yet anyone holding the link can match their entry to it.
 */
export interface LogEntry {
  v: 1;
  event: LogEvent;
  /** ISO time of the event. */
  at: string;
  /** Hex SHA-256 of the subject: a signature's data (signatureSubject) or a document's original file. */
  subject: string;
  /** Hex, 16 random bytes. */
  salt: string;
  /** saltedHash('ref', salt, reference) */
  ref: string;
  /** saltedHash('name', salt, signer name), when the event has a signer. */
  name?: string;
  /** ISO time the item expires, when it does. */
  expires?: string;
}

/** The bytes hashed for a reference or a name in an entry. */
export function saltedInput(field: 'ref' | 'name', saltHex: string, value: string) {
  const text = field === 'ref' ? normalizeSealReference(value) : value.normalize('NFC');
  return concat(utf8(`inkproof-log-${field}\u0000`), fromHex(saltHex) ?? new Uint8Array(), utf8(text));
}

export async function saltedHash(field: 'ref' | 'name', saltHex: string, value: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', saltedInput(field, saltHex, value));
  return toHex(new Uint8Array(digest));
}

/** The entry's text in its one canonical form (fixed key order, no spaces). */
export function entryText(e: LogEntry): string {
  const ordered: LogEntry = {
    v: 1,
    event: e.event,
    at: e.at,
    subject: e.subject,
    salt: e.salt,
    ref: e.ref,
    ...(e.name !== undefined ? { name: e.name } : {}),
    ...(e.expires !== undefined ? { expires: e.expires } : {}),
  };
  return JSON.stringify(ordered);
}

/** The entry in a leaf's text, or null when it is not one. */
export function parseEntry(text: string): LogEntry | null {
  try {
    const e = JSON.parse(text) as LogEntry;
    return e && e.v === 1 && LOG_EVENTS.includes(e.event) && entryText(e) === text ? e : null;
  } catch {
    return null;
  }
}

/**
 * The bytes whose SHA-256 is a signature's log subject: what its reference stands for at the
 * moment it was saved (reference, signer name, time, additional data), each length-prefixed.
 */
export function signatureSubjectInput(s: {
  reference: string;
  signerName: string;
  signedAt: string;
  additionalData: string;
}) {
  return concat(
    utf8('inkproof-signature\u0000'),
    new ByteWriter()
      .field(utf8(normalizeSealReference(s.reference)))
      .field(utf8(s.signerName.normalize('NFC')))
      .field(utf8(s.signedAt))
      .field(utf8(s.additionalData))
      .finish(),
  );
}
