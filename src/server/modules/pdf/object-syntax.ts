import { PdfStream, type PdfObject } from '@libpdf/core';

/**
 * PDF objects written as file syntax, from their public values, in the forms @libpdf/core 0.4.2
 * itself writes: the revision writer owns every byte it appends, so offsets, /ByteRange and the
 * running hash never depend on the library's private writer.
 */

export interface ByteSink {
  writeByte(b: number): void;
  writeBytes(bytes: Uint8Array): void;
  writeAscii(s: string): void;
}

// White space, delimiters and '#' are written as #xx in names, as is everything outside 33..126.
const NAME_ESCAPED = new Set([0, 9, 10, 12, 13, 32, ...[...'()<>[]{}/%#'].map((c) => c.charCodeAt(0))]);
const encoder = new TextEncoder();

export function nameSyntax(name: string): string {
  let out = '/';
  for (const b of encoder.encode(name))
    out +=
      b < 33 || b > 126 || NAME_ESCAPED.has(b)
        ? `#${b.toString(16).padStart(2, '0').toUpperCase()}`
        : String.fromCharCode(b);
  return out;
}

/** Integers as they are; reals with at most five decimals, trailing zeros dropped. */
export function numberSyntax(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`${value} is not a PDF number`);
  if (Number.isInteger(value)) return value.toString();
  const s = value.toFixed(5).replace(/\.?0+$/, '');
  return s === '' || s === '-' ? '0' : s;
}

/** A literal string's bytes with '\', '(' and ')' escaped. */
function literal(bytes: Uint8Array): Uint8Array {
  let escapes = 0;
  for (const b of bytes) if (b === 0x5c || b === 0x28 || b === 0x29) escapes++;
  if (escapes === 0) return bytes;
  const out = new Uint8Array(bytes.length + escapes);
  let at = 0;
  for (const b of bytes) {
    if (b === 0x5c || b === 0x28 || b === 0x29) out[at++] = 0x5c;
    out[at++] = b;
  }
  return out;
}

export function writeObject(w: ByteSink, obj: PdfObject): void {
  switch (obj.type) {
    case 'null':
      return w.writeAscii('null');
    case 'bool':
      return w.writeAscii(obj.value ? 'true' : 'false');
    case 'number':
      return w.writeAscii(numberSyntax(obj.value));
    case 'name':
      return w.writeAscii(nameSyntax(obj.value));
    case 'ref':
      return w.writeAscii(`${obj.objectNumber} ${obj.generation} R`);
    case 'raw':
      return w.writeBytes(obj.bytes);
    case 'string':
      if (obj.format === 'hex')
        return w.writeAscii(`<${Buffer.from(obj.bytes).toString('hex').toUpperCase()}>`);
      w.writeByte(0x28);
      w.writeBytes(literal(obj.bytes));
      return w.writeByte(0x29);
    case 'array': {
      w.writeAscii('[');
      let first = true;
      for (const item of obj) {
        if (!first) w.writeAscii(' ');
        writeObject(w, item);
        first = false;
      }
      return w.writeAscii(']');
    }
    case 'dict':
      return writeDict(w, obj, null);
    case 'stream':
      if (!(obj instanceof PdfStream)) throw new Error('a stream object without data');
      // /Length is always the bytes written, whatever the dictionary said.
      writeDict(w, obj, obj.data.length);
      w.writeAscii('\nstream\n');
      w.writeBytes(obj.data);
      return w.writeAscii('\nendstream');
  }
}

function writeDict(
  w: ByteSink,
  dict: Iterable<[{ value: string }, PdfObject | undefined]>,
  length: number | null,
) {
  w.writeAscii('<<\n');
  if (length !== null) w.writeAscii(`/Length ${length}\n`);
  for (const [key, value] of dict) {
    if (value == null || (length !== null && key.value === 'Length')) continue;
    w.writeAscii(nameSyntax(key.value));
    w.writeAscii(' ');
    writeObject(w, value);
    w.writeAscii('\n');
  }
  w.writeAscii('>>');
}
