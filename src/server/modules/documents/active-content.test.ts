import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { activeContentPdf, linkPdf, manyObjectsPdf, simplePdf } from '#server/test/pdfs.ts';
import { PDF_CSP } from './documents.routes.ts';
import { getBytes, pdfsig, quadrantPng, tempDir, upload } from '#server/test/documents.ts';

const run = promisify(execFile);
let ctx: TestContext;
let a: Agent;
let signatureId: number;
let hostile: Buffer;
beforeAll(async () => {
  ctx = await testApp();
  hostile = await activeContentPdf();
  a = new Agent(ctx.app);
  a.ip = '198.51.103.1';
  expect(
    (await a.register(`active-${Date.now()}@example.com`, 'Str0ng!Pass', { name: 'Ann' })).statusCode,
  ).toBe(201);
  signatureId = (
    await a.post('/api/signatures', {
      signatureData: await quadrantPng(),
      signerName: 'Ann',
      isDefault: false,
    })
  ).json().id;
});
afterAll(() => ctx.close());

const everyKind = ['embedded-files', 'javascript', 'launch', 'rich-media', 'xfa'];
/** Names and strings that only active content uses. */
const ACTIVE =
  /\/JavaScript|\/JS\b|\/Launch|\/EmbeddedFiles|\/XFA|\/RichMedia|\/Screen|\/FileAttachment|javascript:/g;

/**
 * The objects a reader can reach from the file's last trailer, as qpdf rewrites them (it drops
 * whatever no longer hangs off the catalog), streams uncompressed.
 */
async function reachable(pdf: Buffer) {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, pdf);
    const check = await run('qpdf', ['--check', file]);
    expect(check.stdout).toContain('No syntax or stream encoding errors');
    const { stdout } = await run('qpdf', ['--qdf', '--object-streams=disable', file, '-'], {
      encoding: 'latin1',
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function uploaded(bytes: Buffer, name = 'Hostile') {
  const res = await upload(ctx.app, a, { name }, { filename: 'hostile.pdf', bytes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

// Such a file was accepted silently and sealed with the server's certificate.
describe('active content', () => {
  test('is reported at upload, and the signed revision no longer references it while the original is a prefix', async () => {
    const doc = await uploaded(hostile);
    expect(doc.activeContent).toEqual(everyKind);
    expect((await a.get(`/api/documents/${doc.id}`)).json().activeContent).toEqual(everyKind);
    expect(m.activeContentFound(doc.activeContent)).toContain('JavaScript');
    const before = await reachable(hostile);
    expect(new Set(before.match(ACTIVE))).toEqual(
      new Set([
        '/JavaScript',
        '/JS',
        '/Launch',
        '/EmbeddedFiles',
        '/XFA',
        '/RichMedia',
        '/Screen',
        '/FileAttachment',
        'javascript:',
      ]),
    );

    const res = await a.post(`/api/documents/${doc.id}/sign`, {
      signatures: [{ signatureId, position: { page: 1, x: 300, y: 300, width: 200, height: 100 } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().document.activeContent).toEqual(everyKind);
    const signed = (await getBytes(ctx.app, a, `/api/documents/${doc.id}/download`)).bytes;
    expect(signed.subarray(0, hostile.length).equals(hostile)).toBe(true);
    const report = await pdfsig(signed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');

    const after = await reachable(signed);
    expect(after.match(ACTIVE)).toBeNull();
    expect(after).not.toMatch(/\/OpenAction|\/AA\b|\/Next\b|\/Collection/);
    // What is not active stays: the web link, the internal link, the form field.
    expect(after).toContain('https://example.com/terms');
    expect(after).toMatch(/\/Dest\s*\[/);
    expect(after).toMatch(/\/T \(amount\)/);
  });

  test('a script link is found however a browser would still read it', async () => {
    for (const uri of [' \u0001JavaScript:alert(1)', 'java\tscript:alert(1)', 'VBSCRIPT:msgbox']) {
      expect((await uploaded(await linkPdf(uri), 'Link')).activeContent, uri).toEqual(['javascript']);
    }
    expect((await uploaded(await linkPdf('https://example.com/javascript:'), 'Link')).activeContent).toEqual(
      [],
    );
  });

  test('an ordinary PDF reports none', async () => {
    const doc = await uploaded(await simplePdf(2), 'Plain');
    expect(doc.activeContent).toEqual([]);
  });

  test('thousands of annotations are checked, not refused', async () => {
    const doc = await uploaded(await manyObjectsPdf(20_000, 10), 'Forms');
    expect(doc.activeContent).toEqual([]);
  });
});

describe('serving PDFs', () => {
  test('every PDF answer carries a sandboxing CSP, nosniff and a disposition; an original with active content only downloads', async () => {
    const plain = await uploaded(await simplePdf(1), 'Plain view');
    const active = await uploaded(hostile, 'Active view');
    const shareOf = async (id: number) =>
      (await a.post(`/api/documents/${id}/share`)).json().shareLink.split('/shared/')[1] as string;
    const [plainToken, activeToken] = [await shareOf(plain.id), await shareOf(active.id)];
    const answers = {
      [`/api/documents/${plain.id}/file`]: 'inline',
      [`/api/documents/${plain.id}/download`]: 'attachment',
      [`/api/shared/${plainToken}/file`]: 'inline',
      [`/api/shared/${plainToken}/file?download=1`]: 'attachment',
      [`/api/documents/${active.id}/file`]: 'attachment',
      [`/api/shared/${activeToken}/file`]: 'attachment',
    };
    for (const [url, disposition] of Object.entries(answers)) {
      const res = await getBytes(ctx.app, url.startsWith('/api/shared') ? null : a, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(PDF_CSP);
      expect(res.headers['content-security-policy'], url).toMatch(/^sandbox; default-src 'none'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-disposition'], url).toMatch(
        new RegExp(`^${disposition}; filename="[^"/\\\\]+\\.pdf"`),
      );
    }
    // The JSON around them keeps its own policy.
    const meta = await getBytes(ctx.app, null, `/api/shared/${plainToken}`);
    expect(meta.headers['content-security-policy']).not.toBe(PDF_CSP);
  });
});
