import fs from 'node:fs';
import path from 'node:path';
import {
  awkwardPdf,
  brokenPdf,
  encryptedPdf,
  largePdf,
  manyObjectsPdf,
  simplePdf,
  truncatedPdf,
} from '../src/server/test/pdfs.ts';

/**
 * Writes the PDFs the tests and the benchmark make in code, to look at or upload by hand:
 * `node --import tsx scripts/make-test-pdfs.ts [dir]` (default ./test-pdfs).
 */
const dir = path.resolve(process.argv[2] ?? 'test-pdfs');
fs.mkdirSync(dir, { recursive: true });
const files: [string, () => Promise<Buffer> | Buffer][] = [
  ['simple-2-pages.pdf', () => simplePdf(2)],
  ['rotated-and-offset-boxes.pdf', awkwardPdf],
  ['100kb-3-pages.pdf', () => largePdf(100_000, 3)],
  ['1mb-10-pages.pdf', () => largePdf(1_000_000, 10)],
  ['10mb-100-pages.pdf', () => largePdf(10_000_000, 100)],
  ['20000-objects.pdf', () => manyObjectsPdf(20_000, 10)],
  ['encrypted-password-secret.pdf', encryptedPdf],
  ['broken.pdf', brokenPdf],
  ['truncated.pdf', truncatedPdf],
];
for (const [name, make] of files) {
  const bytes = await make();
  fs.writeFileSync(path.join(dir, name), bytes);
  console.log(`${name.padEnd(32)} ${String(bytes.length).padStart(10)} bytes`);
}
