/**
 * RC2-CBC decryption (RFC 2268), only for reading PKCS#12 files: `openssl pkcs12 -export -legacy`,
 * older OpenSSL and many Windows and macOS exports encrypt their certificates with 40-bit RC2.
 * Node's OpenSSL keeps RC2 in the legacy provider, which Node does not load.
 */

const PITABLE = Buffer.from(
  'd978f9c419ddb5ed28e9fd794aa0d89dc67e37832b76538e624c6488448bfba2179a59f587b34f1361456d8d09817d32' +
    'bd8f40eb86b77b0bf09521225c6b4e8254d66593ce60b21c7356c014a78cf1dc1275ca1f3bbee4d1423dd430a33cb626' +
    '6fbf0eda4669075727f21d9bbc944303f811c7f690ef3ee706c3d52fc8661ed708e8eade8052eef784aa72ac354d6a2a' +
    '961ad2715a1549744b9fd05e0418a4ecc2e0416e0f51cbcc2491af50a1f47039997c3a8523b8b47afc02365b25559731' +
    '2d5dfa98e38a92ae05df2910676cbac9d300e6cfe19ea82c6316013f58e289a90d38341bab33ffb0bb480c5fb9b1cd2e' +
    'c5f3db47e5a59c770aa62068fe7fc1ad',
  'hex',
);

export const RC2_BLOCK = 8;

/** The 64 16-bit round keys for a key and an effective key length in bits. */
function expandKey(key: Uint8Array, effectiveBits: number): Uint16Array {
  const l = new Uint8Array(128);
  l.set(key);
  for (let i = key.length; i < 128; i++) l[i] = PITABLE[(l[i - 1]! + l[i - key.length]!) & 255]!;
  const t8 = Math.ceil(effectiveBits / 8);
  const tm = 255 >> (8 * t8 - effectiveBits);
  l[128 - t8] = PITABLE[l[128 - t8]! & tm]!;
  for (let i = 127 - t8; i >= 0; i--) l[i] = PITABLE[l[i + 1]! ^ l[i + t8]!]!;
  const k = new Uint16Array(64);
  for (let i = 0; i < 64; i++) k[i] = l[2 * i]! | (l[2 * i + 1]! << 8);
  return k;
}

const rotr = (x: number, n: number) => ((x >>> n) | (x << (16 - n))) & 0xffff;

function decryptBlock(k: Uint16Array, block: Uint8Array, out: Uint8Array) {
  const r = [0, 1, 2, 3].map((i) => block[2 * i]! | (block[2 * i + 1]! << 8));
  let j = 63;
  const mixRounds = (count: number) => {
    for (let n = 0; n < count; n++) {
      for (let i = 3; i >= 0; i--) {
        const s = [1, 2, 3, 5][i]!;
        const a = r[(i + 3) % 4]!;
        const b = r[(i + 2) % 4]!;
        const c = r[(i + 1) % 4]!;
        r[i] = (rotr(r[i]!, s) - k[j--]! - (a & b) - (~a & c)) & 0xffff;
      }
    }
  };
  const mash = () => {
    for (let i = 3; i >= 0; i--) r[i] = (r[i]! - k[r[(i + 3) % 4]! & 63]!) & 0xffff;
  };
  mixRounds(5);
  mash();
  mixRounds(6);
  mash();
  mixRounds(5);
  for (let i = 0; i < 4; i++) {
    out[2 * i] = r[i]! & 0xff;
    out[2 * i + 1] = r[i]! >> 8;
  }
}

/** Raw block decryption, for the RFC's test vectors. */
export function rc2DecryptBlock(key: Uint8Array, effectiveBits: number, block: Uint8Array): Uint8Array {
  const out = new Uint8Array(RC2_BLOCK);
  decryptBlock(expandKey(key, effectiveBits), block, out);
  return out;
}

/** CBC with PKCS#7 padding; null when the padding is wrong (the usual sign of a wrong key). */
export function rc2CbcDecrypt(
  key: Uint8Array,
  effectiveBits: number,
  iv: Uint8Array,
  data: Uint8Array,
): Buffer | null {
  if (data.length === 0 || data.length % RC2_BLOCK !== 0) return null;
  const k = expandKey(key, effectiveBits);
  const out = Buffer.alloc(data.length);
  const block = new Uint8Array(RC2_BLOCK);
  let previous = iv;
  for (let offset = 0; offset < data.length; offset += RC2_BLOCK) {
    const cipher = data.subarray(offset, offset + RC2_BLOCK);
    decryptBlock(k, cipher, block);
    for (let i = 0; i < RC2_BLOCK; i++) out[offset + i] = block[i]! ^ previous[i]!;
    previous = cipher;
  }
  const pad = out[out.length - 1]!;
  if (pad < 1 || pad > RC2_BLOCK) return null;
  for (let i = out.length - pad; i < out.length; i++) if (out[i] !== pad) return null;
  return out.subarray(0, out.length - pad);
}
