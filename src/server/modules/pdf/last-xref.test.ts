import { PDF } from '@libpdf/core';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { sign } from './jobs.ts';
import { DamagedPdfError, lastXref } from './last-xref.ts';
import { isParseError } from './open.ts';
import { RevisionWriter } from './revision.ts';
import { createSelfSignedIdentity } from './self-signed.ts';
import { simplePdf } from '#server/test/pdfs.ts';

/** Where a revision chains to, read from the file's own end; a file without one is damaged. */

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const startxrefs = (b: Uint8Array) => [...latin1(b).matchAll(/startxref\s+(\d+)/g)].map((m) => Number(m[1]));

/** The file with its last startxref line's offset replaced by `offset`. */
function withStartxref(bytes: Buffer, offset: string) {
  const text = latin1(bytes);
  const at = text.lastIndexOf('startxref');
  return Buffer.from(
    text.slice(0, at) + text.slice(at).replace(/startxref\s+\d+/, `startxref\n${offset}`),
    'latin1',
  );
}

async function objectStreamsPdf() {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** An update appended by hand: a new catalog object and a table whose /Prev is the first one. */
function withUpdate(base: Buffer) {
  const prev = startxrefs(base).at(-1)!;
  const root = /\/Root (\d+) 0 R/.exec(latin1(base))![1];
  const objAt = base.length;
  const obj = `${root} 0 obj\n<< /Type /Catalog /Pages ${/\/Pages (\d+) 0 R/.exec(latin1(base))![1]} 0 R >>\nendobj\n`;
  const xrefAt = objAt + obj.length;
  const size = /\/Size (\d+)/.exec(latin1(base))![1];
  const tail =
    `xref\n${root} 1\n${String(objAt).padStart(10, '0')} 00000 n\r\n` +
    `trailer\n<< /Size ${size} /Root ${root} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return { bytes: Buffer.concat([base, Buffer.from(obj + tail, 'latin1')]), xrefAt };
}

describe('the last cross-reference of a file', () => {
  test('a classic table: the offset startxref names, where `xref` starts', async () => {
    const bytes = await simplePdf(1);
    const found = lastXref(bytes);
    expect(found).toEqual({ offset: startxrefs(bytes).at(-1), stream: false });
    expect(latin1(bytes).startsWith('xref', found.offset)).toBe(true);
  });

  test('a cross-reference stream is told from a table', async () => {
    const bytes = await objectStreamsPdf();
    const found = lastXref(bytes);
    expect(found.stream).toBe(true);
    expect(latin1(bytes).slice(found.offset)).toMatch(/^\d+ 0 obj\s*<<[^]*\/Type\s*\/XRef/);
    // The library reads the same section: the two never disagree on the file's style.
    expect((await PDF.load(bytes)).usesXRefStreams).toBe(true);
  });

  test('a file already updated incrementally chains to its newest section, not its first', async () => {
    const base = await simplePdf(1);
    const { bytes, xrefAt } = withUpdate(base);
    expect(startxrefs(bytes)).toHaveLength(2);
    expect(lastXref(bytes)).toEqual({ offset: xrefAt, stream: false });
  });

  test('white space and NUL padding after %%EOF are skipped', async () => {
    const base = await simplePdf(1);
    const padded = Buffer.concat([base, Buffer.from('\r\n  \0\0\n', 'latin1')]);
    expect(lastXref(padded)).toEqual(lastXref(base));
  });

  test.each([
    ['no startxref at all', (b: Buffer) => Buffer.from(latin1(b).replace(/startxref[^]*$/, ''), 'latin1')],
    ['an offset that is not a number', (b: Buffer) => withStartxref(b, 'abc')],
    ['an offset of zero', (b: Buffer) => withStartxref(b, '0')],
    ['an offset past the end of the file', (b: Buffer) => withStartxref(b, '99999999')],
    ['an offset of absurd length', (b: Buffer) => withStartxref(b, '9'.repeat(40))],
    ['an offset a few bytes off', (b: Buffer) => withStartxref(b, String(startxrefs(b).at(-1)! + 7))],
    ['an offset inside an object', (b: Buffer) => withStartxref(b, String(latin1(b).indexOf('/Type')))],
    ['startxref further than 1 KB from the end', (b: Buffer) => Buffer.concat([b, Buffer.alloc(2048, 0x41)])],
    ['an empty file', () => Buffer.alloc(0)],
  ])('refused as damaged: %s', async (_label, breakIt) => {
    const broken = breakIt(await simplePdf(1));
    expect(() => lastXref(broken)).toThrow(DamagedPdfError);
  });
});

describe('a file the writer cannot chain to', () => {
  test('is refused with an error every PDF job answers as a damaged file', async () => {
    const good = await simplePdf(1);
    const pdf = await PDF.load(good);
    let thrown: unknown;
    try {
      new RevisionWriter(pdf, withStartxref(good, '12'));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DamagedPdfError);
    expect(isParseError(thrown)).toBe(true);
  });

  test('signing a file with a broken startxref answers damaged, not an error', async () => {
    const broken = withStartxref(await simplePdf(1), '12');
    const res = await sign({
      pdf: broken,
      originalSha256: '0'.repeat(64),
      images: [],
      placements: [],
      stamp: {
        reference: 'DOC-1',
        verifyUrl: 'https://inkproof.example/v',
        signedAt: '2025-04-14 10:00 UTC',
      },
      certificate: {
        documentName: 'Broken',
        reference: 'DOC-1',
        verifyUrl: 'https://inkproof.example/v',
        checkUrl: 'https://inkproof.example/v',
        signedAt: '2025-04-14 10:00 UTC',
        signers: [],
        certificateSubject: 'Test',
      },
      identity: await createSelfSignedIdentity('Broken Test'),
      signingTime: 0,
      reason: 'Signed with Inkproof',
      location: 'inkproof.example',
    });
    expect(res).toEqual({ kind: 'damaged' });
  });
});
