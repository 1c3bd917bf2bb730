import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Password-based decryption for PKCS#12 files: PBES2 (PBKDF2 + AES or 3DES, OpenSSL 3's default)
 * and the PKCS#12 PBE schemes with SHA-1 and 3DES. pkijs parses the structures; the crypto is
 * node:crypto (one engine, no global pkijs state). RC2 (`openssl pkcs12 -legacy` and older
 * exporters) is refused with a message that says how to re-export: OpenSSL 3 and Node no longer
 * ship the cipher, and a hand-written one is not worth keeping for files that one command converts.
 */

export class UnsupportedAlgorithmError extends Error {
  constructor(readonly algorithm: string) {
    super(`unsupported algorithm ${algorithm}`);
  }
}

/** Bad padding or an impossible key: with a password that passed no MAC check, a wrong password. */
export class DecryptError extends Error {}

/**
 * Iteration caps: real files use 2,048 (OpenSSL) to 600,000 (OWASP's PBKDF2 advice); a hostile
 * file could ask for billions and hold a thread for hours. The PKCS#12 KDF runs on this thread.
 */
export const MAX_PBKDF2_ITERATIONS = 2_000_000;
export const MAX_PKCS12_KDF_ITERATIONS = 200_000;

export const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.4': 'sha224',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

const HMAC_PRFS: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.8': 'sha224',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};

const PBES2 = '1.2.840.113549.1.5.13';
const PBKDF2 = '1.2.840.113549.1.5.12';

const PBES2_CIPHERS: Record<string, { cipher: string; keyLength: number }> = {
  '2.16.840.1.101.3.4.1.2': { cipher: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { cipher: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { cipher: 'aes-256-cbc', keyLength: 32 },
  '1.2.840.113549.3.7': { cipher: 'des-ede3-cbc', keyLength: 24 },
};

/** RFC 7292 appendix C, without RC4 and RC2 (see above). */
const PKCS12_PBE: Record<string, { cipher: string; keyLength: number }> = {
  '1.2.840.113549.1.12.1.3': { cipher: 'des-ede3-cbc', keyLength: 24 },
  '1.2.840.113549.1.12.1.4': { cipher: 'des-ede-cbc', keyLength: 16 },
};

const NAMES: Record<string, string> = {
  '1.2.840.113549.1.12.1.1': 'RC4-128 (PKCS#12 PBE)',
  '1.2.840.113549.1.12.1.2': 'RC4-40 (PKCS#12 PBE)',
  '1.2.840.113549.1.12.1.5': 'RC2-128 (a legacy export)',
  '1.2.840.113549.1.12.1.6': 'RC2-40 (a legacy export)',
  '1.2.840.113549.1.5.3': 'DES (PKCS#5 v1.5 PBE)',
  '1.2.840.113549.1.5.14': 'PBMAC1',
  '1.2.392.200011.61.1.1.1.2': 'CAMELLIA-128-CBC',
  '1.2.392.200011.61.1.1.1.3': 'CAMELLIA-192-CBC',
  '1.2.392.200011.61.1.1.1.4': 'CAMELLIA-256-CBC',
};
export const algorithmName = (oid: string) => NAMES[oid] ?? oid;

/** The password as PKCS#12 wants it for its own KDF: UTF-16 big-endian with a terminating NUL. */
export function bmpPassword(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'utf16le').swap16(), Buffer.alloc(2)]);
}

/** RFC 7292 appendix B.2. id 1 derives keys, 2 IVs, 3 MAC keys. */
export function pkcs12Kdf(
  hash: string,
  password: Uint8Array,
  salt: Uint8Array,
  id: 1 | 2 | 3,
  iterations: number,
  length: number,
): Buffer {
  if (iterations > MAX_PKCS12_KDF_ITERATIONS)
    throw new UnsupportedAlgorithmError(`${iterations} key-derivation iterations`);
  const u = crypto.createHash(hash).digest().length;
  const v = hash === 'sha384' || hash === 'sha512' ? 128 : 64;
  const repeat = (src: Uint8Array, size: number) => {
    const out = Buffer.alloc(size);
    for (let i = 0; i < size; i++) out[i] = src[i % src.length]!;
    return out;
  };
  const block = (src: Uint8Array) => repeat(src, v * Math.ceil(src.length / v));
  const d = Buffer.alloc(v, id);
  const input = Buffer.concat([block(salt), block(password)]);
  const out = Buffer.alloc(length);
  for (let offset = 0; offset < length; offset += u) {
    let a = crypto.createHash(hash).update(d).update(input).digest();
    for (let r = 1; r < iterations; r++) a = crypto.createHash(hash).update(a).digest();
    a.copy(out, offset, 0, Math.min(u, length - offset));
    const b = repeat(a, v);
    for (let j = 0; j < input.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        carry += input[j + k]! + b[k]!;
        input[j + k] = carry & 0xff;
        carry >>>= 8;
      }
    }
  }
  return out;
}

function decipher(name: string, key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  try {
    const d = crypto.createDecipheriv(name, key, iv);
    return Buffer.concat([d.update(data), d.final()]);
  } catch {
    throw new DecryptError('decryption failed');
  }
}

const octets = (value: unknown): Uint8Array => {
  if (!(value instanceof asn1js.OctetString)) throw new DecryptError('malformed parameters');
  return new Uint8Array(value.getValue());
};

function decryptPbes2(params: unknown, password: string, data: Uint8Array): Buffer {
  const pbes2 = new pkijs.PBES2Params({ schema: params });
  const kdf = pbes2.keyDerivationFunc;
  if (kdf.algorithmId !== PBKDF2) throw new UnsupportedAlgorithmError(kdf.algorithmId);
  const scheme = PBES2_CIPHERS[pbes2.encryptionScheme.algorithmId];
  if (!scheme) throw new UnsupportedAlgorithmError(pbes2.encryptionScheme.algorithmId);
  const pbkdf2 = new pkijs.PBKDF2Params({ schema: kdf.algorithmParams });
  const prfOid = pbkdf2.prf?.algorithmId ?? '1.2.840.113549.2.7';
  const prf = HMAC_PRFS[prfOid];
  if (!prf) throw new UnsupportedAlgorithmError(prfOid);
  if (pbkdf2.iterationCount > MAX_PBKDF2_ITERATIONS)
    throw new UnsupportedAlgorithmError(`${pbkdf2.iterationCount} key-derivation iterations`);
  const salt = octets(pbkdf2.salt);
  const iv = octets(pbes2.encryptionScheme.algorithmParams);
  // Synchronous: this runs in a PDF worker, whose time limit stops a hostile count with it.
  const key = crypto.pbkdf2Sync(password, salt, pbkdf2.iterationCount, scheme.keyLength, prf);
  return decipher(scheme.cipher, key, iv, data);
}

function decryptPkcs12Pbe(oid: string, params: unknown, password: string, data: Uint8Array): Buffer {
  const scheme = PKCS12_PBE[oid]!;
  if (!(params instanceof asn1js.Sequence)) throw new DecryptError('malformed parameters');
  const [saltValue, iterValue] = params.valueBlock.value;
  if (!(iterValue instanceof asn1js.Integer)) throw new DecryptError('malformed parameters');
  const salt = octets(saltValue);
  const iterations = iterValue.valueBlock.valueDec;
  if (iterations < 1) throw new DecryptError('malformed parameters');
  const pw = bmpPassword(password);
  const key = pkcs12Kdf('sha1', pw, salt, 1, iterations, scheme.keyLength);
  const iv = pkcs12Kdf('sha1', pw, salt, 2, iterations, 8);
  return decipher(scheme.cipher, key, iv, data);
}

/** Decrypts `data` encrypted with `algorithm` under `password`. */
export function decryptWithPassword(
  algorithm: pkijs.AlgorithmIdentifier,
  data: Uint8Array,
  password: string,
): Buffer {
  const oid = algorithm.algorithmId;
  if (oid === PBES2) return decryptPbes2(algorithm.algorithmParams, password, data);
  if (PKCS12_PBE[oid]) return decryptPkcs12Pbe(oid, algorithm.algorithmParams, password, data);
  throw new UnsupportedAlgorithmError(oid);
}
