import crypto from 'node:crypto';
import { entryText, signatureSubjectInput, type LogEvent } from '#shared/seals/log-entry.ts';
import { fitSignerLine, normalizeSealReference } from '#shared/seals/token.ts';
import type { DocumentRow, SignatureRow } from '#server/db/schema.ts';

/** What a module hands to appendToLog: the raw reference and name, which the log salts and hashes. */
export interface LogEntryInput {
  event: LogEvent;
  /** ISO time of the event; absent = when the log receives it. */
  at?: string | undefined;
  /** Hex SHA-256 of the subject. */
  subject: string;
  reference: string;
  signerName?: string | null;
  expiresAt?: string | null;
}

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

/** Salts cut from a pooled random buffer: one randomBytes call per 256 entries, not per entry. */
let pool = Buffer.alloc(0);
let poolAt = 0;
function freshSalt(): Buffer {
  if (poolAt + 16 > pool.length) {
    pool = crypto.randomBytes(16 * 256);
    poolAt = 0;
  }
  return pool.subarray(poolAt, (poolAt += 16));
}

/** saltedHash of #shared/seals/log-entry.ts with node:crypto (appends come in bulk). */
const salted = (field: 'ref' | 'name', salt: Buffer, value: string) =>
  crypto
    .createHash('sha256')
    .update(`inkproof-log-${field}\u0000`)
    .update(salt)
    .update(field === 'ref' ? normalizeSealReference(value) : value.normalize('NFC'))
    .digest('hex');

/** The stored text of an entry: salts and hashes the reference and name (personal data stays out). */
export function toEntryText(input: LogEntryInput, now: string, salt = freshSalt()): string {
  return entryText({
    v: 1,
    event: input.event,
    at: input.at ?? now,
    subject: input.subject.toLowerCase(),
    salt: salt.toString('hex'),
    ref: salted('ref', salt, input.reference),
    ...(input.signerName ? { name: salted('name', salt, input.signerName) } : {}),
    ...(input.expiresAt ? { expires: input.expiresAt } : {}),
  });
}

const ZERO = (bytes: number) => '00'.repeat(bytes);

/**
 * The leaf that takes the place of an index reserved for an item that never committed (decision
 * 058): the index was handed out, so the tree needs a leaf there, and this one records nothing.
 */
export const unusedEntryText = (at: string) =>
  entryText({ v: 1, event: 'index.unused', at, subject: ZERO(32), salt: ZERO(16), ref: ZERO(32) });

/** SHA-256 of a signature's data as saved (see signatureSubjectInput); a seal carries its prefix. */
export const signatureSubject = (row: SignatureFacts) =>
  sha256(
    signatureSubjectInput({
      reference: row.reference_number,
      signerName: row.signer_name ?? '',
      signedAt: row.created_at,
      additionalData: row.additional_data ?? '',
    }),
  );

type SignatureFacts = Pick<
  SignatureRow,
  'reference_number' | 'signer_name' | 'created_at' | 'additional_data' | 'revoked_at' | 'expires_at'
>;

export function signatureLogEntry(
  event: 'signature.issued' | 'signature.revoked' | 'signature.deleted',
  row: SignatureFacts,
): LogEntryInput {
  return {
    event,
    // A deletion happens when the log receives it; the others carry their own time.
    at:
      event === 'signature.deleted'
        ? undefined
        : event === 'signature.issued'
          ? row.created_at
          : (row.revoked_at ?? undefined),
    subject: signatureSubject(row),
    reference: row.reference_number,
    signerName: row.signer_name,
    expiresAt: row.expires_at,
  };
}

/** A document's subject is its original file: the revision a signed PDF starts with. */
export function documentLogEntry(
  event: 'document.signed' | 'request.completed' | 'document.deleted',
  row: Pick<DocumentRow, 'sha256' | 'reference' | 'signed_at'>,
  signerNames: string[] = [],
): LogEntryInput {
  return {
    event,
    at: event === 'document.deleted' ? undefined : (row.signed_at ?? undefined),
    subject: row.sha256,
    reference: row.reference ?? '',
    // The same line the document's seal carries, so one name hash matches both.
    signerName: signerNames.length > 0 ? fitSignerLine(signerNames) : null,
  };
}
