const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');

async function inflate(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

export const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((b, i) => bytes[i] === b);

/** The tEXt, zTXt and iTXt entries of a PNG, by keyword (compressed ones inflated). */
export async function pngTextChunks(bytes: Uint8Array): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  if (!isPng(bytes)) return entries;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = latin1.decode(bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, Math.min(at + 8 + length, bytes.length));
    at += 12 + length;
    if (type === 'IEND') break;
    if (type !== 'tEXt' && type !== 'zTXt' && type !== 'iTXt') continue;
    const zero = data.indexOf(0);
    if (zero < 1) continue;
    const keyword = latin1.decode(data.subarray(0, zero));
    let value: string | null = null;
    if (type === 'tEXt') value = latin1.decode(data.subarray(zero + 1));
    if (type === 'zTXt') {
      const raw = await inflate(data.subarray(zero + 2));
      value = raw && latin1.decode(raw);
    }
    if (type === 'iTXt') {
      const compressed = data[zero + 1] === 1;
      const langEnd = data.indexOf(0, zero + 3);
      const translatedEnd = langEnd < 0 ? -1 : data.indexOf(0, langEnd + 1);
      if (translatedEnd < 0) continue;
      const text = data.subarray(translatedEnd + 1);
      const raw = compressed ? await inflate(text) : text;
      value = raw && utf8.decode(raw);
    }
    if (value !== null) entries.set(keyword, value);
  }
  return entries;
}
