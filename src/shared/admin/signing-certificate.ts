import { z } from 'zod';
import { isoTime, messageAnswer } from '#shared/answers.ts';

/** The PDF signing certificate an admin may upload (PUT /api/admin/signing-certificate). */

/** A PKCS#12 with a key and a short chain is a few KB; the server refuses anything larger. */
export const SIGNING_CERTIFICATE_MAX_BYTES = 100 * 1024;

export const signingCertificateMessages = {
  fileRequired: 'Choose a PKCS#12 (.p12 or .pfx) file',
  fileTooLarge: `The certificate file must be at most ${SIGNING_CERTIFICATE_MAX_BYTES / 1024} KB`,
  notPkcs12: 'The file is not a PKCS#12 (.p12 or .pfx) file',
  wrongPassword: 'The password does not open this certificate file',
  unsupportedEncryption: (algorithm: string) =>
    `The file is protected with ${algorithm}, which the server cannot read: export it again with AES-256, e.g. \`openssl pkcs12 -legacy -in old.p12 -nodes -out all.pem\` then \`openssl pkcs12 -export -in all.pem -out new.p12\` (OpenSSL 3's default)`,
  noKey: 'The file holds no private key: export the certificate together with its key',
  noCertificate: 'The file holds a key but no certificate',
  keyMismatch: 'No certificate in the file belongs to its private key',
  unsupportedKey: (found: string) =>
    `The key must be RSA (2048 bits or more) or ECDSA P-256; this file's key is ${found}`,
  expired: (subject: string, date: string) => `The certificate “${subject}” expired on ${date}`,
  notYetValid: (subject: string, date: string) => `The certificate “${subject}” is valid only from ${date}`,
  replaced: 'The new certificate signs documents from now on',
  busy: 'The server is busy signing documents: try again in a minute',
  unreadable: 'The signing certificate could not be read',
} as const;

/** GET /api/admin/signing-certificate */
export const signingCertificateInfo = z.object({
  /** The certificate's common name (or its whole subject when it has none). */
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  notBefore: isoTime,
  notAfter: isoTime,
  expiresInDays: z.number(),
  selfSigned: z.boolean(),
  /** SHA-256 of the certificate (DER), colon-separated hex. */
  fingerprint: z.string(),
  /** 'RSA 2048', 'ECDSA P-256'. */
  keyAlgorithm: z.string(),
  /** The issuing CAs embedded in every signature with it, nearest first (the root is left out). */
  chain: z.array(z.string()),
  /** 'generated': made by the server on first start; 'uploaded': an admin's PKCS#12. */
  source: z.enum(['generated', 'uploaded']),
  uploadedAt: isoTime.nullable(),
});
export type SigningCertificateInfo = z.infer<typeof signingCertificateInfo>;

/** PUT /api/admin/signing-certificate */
export const certificateReplaced = messageAnswer.extend({ subject: z.string() });
