/**
 * Byte helpers for seals and the log, on plain Uint8Array: this folder runs in browsers, the
 * stand-alone verifier and the server alike, so it uses no Node API.
 */
export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export const utf8 = (text: string): Bytes => encoder.encode(text) as Bytes;

/** UTF-8 text of the bytes, or null when they are not valid UTF-8. */
export function fromUtf8(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

export function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Lower- or upper-case hex of whole bytes; null for anything else. */
export function fromHex(hex: string): Bytes | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) out += B64URL[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** Unpadded base64url (JWK coordinates, signatures); null when it is not exactly that. */
export function fromBase64Url(text: string): Bytes | null {
  if (text.length % 4 === 1 || !/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const ch of text) {
    value = (value << 6) | B64URL.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return (value & ((1 << bits) - 1)) === 0 ? out : null;
}

/**
 * Unsigned LEB128 and fixed-width integers up to 2^53, written without 32-bit bit operators
 * (which would wrap above 2^31).
 */
export class ByteWriter {
  private parts: number[] = [];

  u8(n: number) {
    this.parts.push(n & 0xff);
    return this;
  }

  varint(n: number) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a non-negative integer: ${n}`);
    do {
      const low = n % 128;
      n = Math.floor(n / 128);
      this.parts.push(n > 0 ? low | 0x80 : low);
    } while (n > 0);
    return this;
  }

  /** 8 bytes, big-endian. */
  u64(n: number) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a non-negative integer: ${n}`);
    const hi = Math.floor(n / 2 ** 32);
    const lo = n % 2 ** 32;
    for (const word of [hi, lo])
      for (let s = 24; s >= 0; s -= 8) this.parts.push(Math.floor(word / 2 ** s) & 0xff);
    return this;
  }

  bytes(b: Uint8Array) {
    for (const x of b) this.parts.push(x);
    return this;
  }

  /** A length (varint) and the bytes: fields that follow each other cannot run together. */
  field(b: Uint8Array) {
    return this.varint(b.length).bytes(b);
  }

  finish(): Bytes {
    return Uint8Array.from(this.parts);
  }
}

/** Thrown by ByteReader inside a decoder, which turns it into a result: callers never see it. */
export class ShortInput extends Error {}
export class BadInput extends Error {}

export class ByteReader {
  at = 0;
  constructor(private readonly data: Uint8Array) {}

  get remaining() {
    return this.data.length - this.at;
  }

  u8(): number {
    if (this.at >= this.data.length) throw new ShortInput();
    return this.data[this.at++]!;
  }

  /** Canonical LEB128 only (no padding zero groups) up to 2^53: one value, one encoding. */
  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.u8();
      value += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) {
        if (i > 0 && b === 0) throw new BadInput('non-canonical varint');
        if (!Number.isSafeInteger(value)) throw new BadInput('varint too large');
        return value;
      }
      scale *= 128;
    }
    throw new BadInput('varint too long');
  }

  bytes(n: number): Bytes {
    if (this.remaining < n) throw new ShortInput();
    const out = this.data.slice(this.at, this.at + n) as Bytes;
    this.at += n;
    return out;
  }

  field(max: number): Bytes {
    const n = this.varint();
    if (n > max) throw new BadInput('field too long');
    return this.bytes(n);
  }
}
