/** The PDF signing certificate an admin may upload (PUT /api/admin/signing-certificate). */

/** A PKCS#12 with a key and a short chain is a few KB; the server refuses anything larger. */
export const SIGNING_CERTIFICATE_MAX_BYTES = 100 * 1024;

export const signingCertificateMessages = {
  fileRequired: 'Choose a PKCS#12 (.p12 or .pfx) file',
  fileTooLarge: `The certificate file must be at most ${SIGNING_CERTIFICATE_MAX_BYTES / 1024} KB`,
  invalid: 'The file is not a PKCS#12 with a certificate and key, or the password is wrong',
  keyMismatch:
    'The first certificate in the file does not belong to its key: export it with the signing certificate first',
  replaced: 'The new certificate signs documents from now on',
  unreadable: 'The signing certificate could not be read',
} as const;

/** GET /api/admin/signing-certificate */
export interface SigningCertificateInfo {
  /** The certificate's common name (or its whole subject when it has none). */
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  expiresInDays: number;
  selfSigned: boolean;
  /** SHA-256 of the certificate (DER), colon-separated hex. */
  fingerprint: string;
  /** 'generated': made by the server on first start; 'uploaded': an admin's PKCS#12. */
  source: 'generated' | 'uploaded';
  uploadedAt: string | null;
}
