import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { nestedTreePdf, simplePdf } from '#server/test/pdfs.ts';
import { getBytes, pdfsig, quadrantPng, tempDir, upload } from '#server/test/documents.ts';

const run = promisify(execFile);
let ctx: TestContext;
let a: Agent;
let signatureId: number;
beforeAll(async () => {
  ctx = await testApp();
  a = new Agent(ctx.app);
  a.ip = '198.51.102.1';
  expect(
    (await a.register(`pages-${Date.now()}@example.com`, 'Str0ng!Pass', { name: 'Pat' })).statusCode,
  ).toBe(201);
  const sig = await a.post('/api/signatures', {
    signatureData: await quadrantPng(),
    signerName: 'Pat',
    isDefault: false,
  });
  signatureId = sig.json().id;
});
afterAll(() => ctx.close());

async function signWhole(bytes: Buffer, page = 1) {
  const res = await upload(ctx.app, a, { name: 'Long file' }, { filename: 'long.pdf', bytes });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  const signed = await a.post(`/api/documents/${id}/sign`, {
    signatures: [{ signatureId, position: { page, x: 100, y: 100, width: 200, height: 100 } }],
  });
  expect(signed.statusCode, signed.body).toBe(200);
  return (await getBytes(ctx.app, a, `/api/documents/${id}/download`)).bytes;
}

/** Page objects written after the original: each rewritten page adds one. */
const pagesWrittenAfter = (signed: Buffer, original: Buffer) =>
  (
    signed
      .subarray(original.length)
      .toString('latin1')
      .match(/\/Type\s*\/Page\b(?!s)/g) ?? []
  ).length;

// From about 2,005 pages signing answered 500 ("the signature does not cover the
// whole file"): the signed revision rewrote every page, and the check looked only at the last 64 KB.
test('a 5,000-page document signs, validly, and only the signed page and the certificate page are written again', async () => {
  const original = await simplePdf(5000);
  const signed = await signWhole(original, 4321);
  expect(signed.subarray(0, original.length).equals(original)).toBe(true);
  const report = await pdfsig(signed);
  expect(report).toContain('Signature is Valid');
  expect(report).toContain('Total document signed');
  expect(pagesWrittenAfter(signed, original)).toBe(2);
}, 60_000);

test('pages under an intermediate page-tree node keep what they inherit from it after signing', async () => {
  const original = await nestedTreePdf(4);
  const signed = await signWhole(original);
  const dir = tempDir();
  try {
    const file = path.join(dir, 'signed.pdf');
    fs.writeFileSync(file, signed);
    const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '5', file]);
    const rotations = [...stdout.matchAll(/Page\s+\d+ rot:\s+(\d+)/g)].map((m) => Number(m[1]));
    expect(rotations).toEqual([0, 0, 90, 90, 0]);
    expect((await run('qpdf', ['--check', file])).stdout).toContain('No syntax or stream encoding errors');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
