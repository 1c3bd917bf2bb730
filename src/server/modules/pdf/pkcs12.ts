import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  DecryptError,
  HASHES,
  UnsupportedAlgorithmError,
  algorithmName,
  bmpPassword,
  decryptWithPassword,
  pkcs12Kdf,
} from './pbe.ts';

/** What a PKCS#12 holds: private keys (PKCS#8 DER) and certificates (DER), in file order. */
export type Pkcs12Contents = { kind: 'ok'; keys: Buffer[]; certificates: Buffer[] };

export type Pkcs12Result =
  | Pkcs12Contents
  | { kind: 'not-pkcs12' }
  | { kind: 'wrong-password' }
  | { kind: 'unsupported'; algorithm: string };

const KEY_BAG = '1.2.840.113549.1.12.10.1.1';
const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const CERT_BAG = '1.2.840.113549.1.12.10.1.3';
const X509_CERTIFICATE = '1.2.840.113549.1.9.22.1';

class NotPkcs12Error extends Error {}

/** Parses the outer structure; anything that is not a PFX with password integrity is refused. */
function parsePfx(bytes: Uint8Array) {
  const asn1 = asn1js.fromBER(bytes);
  if (asn1.offset === -1 || asn1.offset !== bytes.length) throw new NotPkcs12Error();
  const pfx = new pkijs.PFX({ schema: asn1.result });
  if (pfx.version !== 3) throw new NotPkcs12Error();
  if (pfx.authSafe.contentType === pkijs.ContentInfo.SIGNED_DATA)
    throw new UnsupportedAlgorithmError('public-key integrity (signed PFX)');
  if (pfx.authSafe.contentType !== pkijs.ContentInfo.DATA) throw new NotPkcs12Error();
  const content = pfx.authSafe.content as unknown;
  if (!(content instanceof asn1js.OctetString)) throw new NotPkcs12Error();
  return { pfx, authSafeBytes: new Uint8Array(content.getValue()) };
}

/**
 * Whether the password opens the file's MAC (true when it has none). An empty password may have
 * been encoded as nothing or as a lone NUL: OpenSSL tries both too.
 */
function checkMac(pfx: pkijs.PFX, authSafe: Uint8Array, password: string): boolean {
  const mac = pfx.macData;
  if (!mac) return true;
  const oid = mac.mac.digestAlgorithm.algorithmId;
  const hash = HASHES[oid];
  if (!hash) throw new UnsupportedAlgorithmError(oid);
  const salt = new Uint8Array(mac.macSalt.getValue());
  const expected = new Uint8Array(mac.mac.digest.getValue());
  const candidates = password === '' ? [bmpPassword(''), Buffer.alloc(0)] : [bmpPassword(password)];
  return candidates.some((pw) => {
    const key = pkcs12Kdf(hash, pw, salt, 3, mac.iterations ?? 1, crypto.createHash(hash).digest().length);
    const actual = crypto.createHmac(hash, key).update(authSafe).digest();
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  });
}

function safeBags(info: pkijs.ContentInfo, password: string, decrypted: { any: boolean }): pkijs.SafeBag[] {
  let der: Uint8Array;
  if (info.contentType === pkijs.ContentInfo.DATA) {
    if (!(info.content instanceof asn1js.OctetString)) throw new NotPkcs12Error();
    der = new Uint8Array(info.content.getValue());
  } else if (info.contentType === pkijs.ContentInfo.ENCRYPTED_DATA) {
    const encrypted = new pkijs.EncryptedData({ schema: info.content });
    const eci = encrypted.encryptedContentInfo;
    if (!eci.encryptedContent) throw new NotPkcs12Error();
    der = decryptWithPassword(
      eci.contentEncryptionAlgorithm,
      new Uint8Array(eci.getEncryptedContent()),
      password,
    );
    decrypted.any = true;
  } else {
    throw new UnsupportedAlgorithmError(`content type ${info.contentType}`);
  }
  const parsed = asn1js.fromBER(der);
  // A wrong password that slipped past a missing MAC decrypts to garbage that rarely parses.
  if (parsed.offset === -1) throw new DecryptError('not a SafeContents');
  return new pkijs.SafeContents({ schema: parsed.result }).safeBags;
}

function isPrivateKeyInfo(der: Uint8Array): boolean {
  const parsed = asn1js.fromBER(der);
  if (parsed.offset !== der.byteLength) return false;
  try {
    new pkijs.PrivateKeyInfo({ schema: parsed.result });
    return true;
  } catch {
    return false;
  }
}

function bagContents(bag: pkijs.SafeBag, password: string, out: Pkcs12Contents, decrypted: { any: boolean }) {
  if (bag.bagId === KEY_BAG) {
    out.keys.push(Buffer.from((bag.bagValue as pkijs.PrivateKeyInfo).toSchema().toBER(false)));
  } else if (bag.bagId === SHROUDED_KEY_BAG) {
    const shrouded = bag.bagValue as pkijs.PKCS8ShroudedKeyBag;
    const der = decryptWithPassword(
      shrouded.encryptionAlgorithm,
      new Uint8Array(shrouded.encryptedData.getValue()),
      password,
    );
    decrypted.any = true;
    // A wrong key still ends in valid padding about once in 200 tries; in a file without MAC
    // (OpenSSL's -nomac leaves the certificates unencrypted) that garbage was taken for the key.
    if (!isPrivateKeyInfo(der)) throw new DecryptError('not a PrivateKeyInfo');
    out.keys.push(der);
  } else if (bag.bagId === CERT_BAG) {
    const cert = bag.bagValue as pkijs.CertBag;
    if (cert.certId === X509_CERTIFICATE && cert.certValue instanceof asn1js.OctetString)
      out.certificates.push(Buffer.from(cert.certValue.getValue()));
  }
  // CRLs, secrets and nested safes carry nothing a signer needs.
}

/**
 * Opens a PKCS#12 (.p12/.pfx) with its password. Integrity is checked with the MAC first, so a
 * wrong password is told apart from a damaged file; a file without MAC is judged by decryption.
 */
export function readPkcs12(bytes: Uint8Array, password: string): Pkcs12Result {
  let macChecked = false;
  /** Whether anything has been decrypted with the password (set by the bags' decryption). */
  const decrypted = { any: false };
  try {
    const { pfx, authSafeBytes } = parsePfx(bytes);
    if (!checkMac(pfx, authSafeBytes, password)) return { kind: 'wrong-password' };
    macChecked = Boolean(pfx.macData);
    const authSafe = pkijs.AuthenticatedSafe.fromBER(authSafeBytes);
    const out: Pkcs12Contents = { kind: 'ok', keys: [], certificates: [] };
    for (const info of authSafe.safeContents) {
      for (const bag of safeBags(info, password, decrypted)) bagContents(bag, password, out, decrypted);
    }
    return out;
  } catch (err) {
    if (err instanceof UnsupportedAlgorithmError)
      return { kind: 'unsupported', algorithm: algorithmName(err.algorithm) };
    // After a good MAC the password is right, so what does not decrypt is damaged.
    if (err instanceof DecryptError) return { kind: macChecked ? 'not-pkcs12' : 'wrong-password' };
    // Without a MAC, what fails to parse after a decryption is a wrong password's garbage (its
    // padding came out valid by chance, about once in 200): the two cannot be told apart.
    if (!macChecked && decrypted.any) return { kind: 'wrong-password' };
    // pkijs and asn1js throw plain Errors for every malformed structure.
    return { kind: 'not-pkcs12' };
  }
}
