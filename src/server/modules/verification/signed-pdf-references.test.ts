import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { PublicSignature } from '#shared/signatures/schemas.ts';
import { Agent } from '#server/test/agent.ts';
import { signatureSvgDataUrl } from '#server/test/fixtures.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { allQrs, getBytes, pdftotext, quadrantPng, tempDir, upload } from '#server/test/documents.ts';

const run = promisify(execFile);

let ctx: TestContext;
let drawn: string;
let n = 0;
beforeAll(async () => {
  ctx = await testApp();
  drawn = await quadrantPng();
});
afterAll(() => ctx.close());

const LETTER: [number, number] = [612, 792];

/** A US Letter file of `pages` pages, as many offices send them. */
async function letterPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage(LETTER).drawText(`Letter page ${i}`, { x: 50, y: 730, size: 14, font });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

async function signedIn(name: string) {
  const a = new Agent(ctx.app);
  a.ip = `198.51.102.${++n}`;
  const email = `refs${++n}-${Date.now()}@example.com`;
  expect((await a.register(email)).statusCode).toBe(201);
  expect((await a.request('PUT', '/api/user/profile', { name, email })).statusCode).toBe(200);
  return a;
}

/** What the signing panel sends: the drawn image and the default flag, nothing else. */
async function panelSignature(a: Agent) {
  const res = await a.post('/api/signatures', { signatureData: drawn, isDefault: true });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { id: number; referenceNumber: string; isPublic: boolean };
  expect(body.isPublic).toBe(false);
  return body;
}

async function signLetter(a: Agent, signatureIds: number[]) {
  const up = await upload(
    ctx.app,
    a,
    { name: 'Lease 12B' },
    { filename: 'lease.pdf', bytes: await letterPdf(2) },
  );
  expect(up.statusCode).toBe(201);
  const id = up.json().id as number;
  const signatures = signatureIds.map((signatureId, i) => ({
    signatureId,
    position: { page: i + 1, x: 80, y: 500, width: 200, height: 100 },
  }));
  const res = await a.post(`/api/documents/${id}/sign`, { signatures });
  expect(res.statusCode).toBe(200);
  const bytes = (await getBytes(ctx.app, a, `/api/documents/${id}/download`)).bytes;
  return { id, body: res.json(), bytes };
}

async function pdfinfo(pdf: Buffer) {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, pdf);
    return (await run('pdfinfo', ['-f', '1', '-l', '99', file])).stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function visitor() {
  const v = new Agent(ctx.app);
  v.ip = `203.0.114.${++n % 250}`;
  return v;
}

describe('every reference printed on a signed PDF verifies', () => {
  test('a panel-drawn (private) signature and a public one: the certificate text and every QR code look up', async () => {
    const a = await signedIn('Jane Signer');
    const privateSig = await panelSignature(a);
    const publicSig = (
      await a.post('/api/signatures', {
        signatureData: signatureSvgDataUrl(
          '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="200" height="100"/></svg>',
        ),
        signerName: 'Jane Public',
        consent: true,
      })
    ).json() as { id: number; referenceNumber: string };
    const { body, bytes } = await signLetter(a, [privateSig.id, publicSig.id]);

    const certificate = await pdftotext(bytes, 3);
    const sigRefs = [...new Set(certificate.match(/SIG-\d{8}-[A-Z0-9]+/g))];
    const docRefs = [...new Set(certificate.match(/DOC-\d{8}-[A-Z0-9]{8}/g))];
    expect(sigRefs.sort()).toEqual([privateSig.referenceNumber, publicSig.referenceNumber].sort());
    expect(docRefs).toEqual([body.document.reference]);

    for (const ref of sigRefs) {
      const res = await visitor().get(`/api/signatures/reference/${ref}`);
      expect(res.statusCode, `look-up of ${ref}`).toBe(200);
      expect(res.json().referenceNumber).toBe(ref);
    }
    for (const ref of docRefs) {
      const res = await visitor().get(`/api/documents/reference/${ref}`);
      expect(res.statusCode, `look-up of ${ref}`).toBe(200);
      expect(res.json()).toMatchObject({ reference: ref, name: 'Lease 12B' });
    }

    // The QR codes: one per placed signature's stamp (pages 1 and 2) and one on the certificate.
    const codes = [...(await allQrs(bytes, 1)), ...(await allQrs(bytes, 2)), ...(await allQrs(bytes, 3))];
    expect(codes).toHaveLength(3);
    for (const code of codes) {
      const url = new URL(code);
      expect(url.pathname).toBe('/verify-signature');
      const documentRef = url.searchParams.get('document');
      const signatureRef = url.searchParams.get('ref');
      expect(documentRef ?? signatureRef, code).toBeTruthy();
      const res = documentRef
        ? await visitor().get(`/api/documents/reference/${encodeURIComponent(documentRef)}`)
        : await visitor().get(`/api/signatures/reference/${encodeURIComponent(signatureRef!)}`);
      expect(res.statusCode, `look-up of ${code}`).toBe(200);
    }
  }, 120_000); // signing, then rendering three pages and decoding every QR code on them (zbarimg)

  test('a private signature used on a document shows the signing, never its image or data', async () => {
    const a = await signedIn('Jane Signer');
    const sig = await panelSignature(a);
    const { body } = await signLetter(a, [sig.id]);
    const res = await visitor().get(`/api/signatures/reference/${sig.referenceNumber.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const found = res.json() as PublicSignature;
    expect(found).toEqual({
      id: sig.id,
      signerName: 'Jane Signer',
      createdAt: expect.any(String),
      expiresAt: null,
      additionalData: '',
      referenceNumber: sig.referenceNumber,
      signatureData: '',
      isRegisteredUser: true,
      documentUse: {
        documents: 1,
        firstSignedAt: body.document.signedAt,
        lastSignedAt: body.document.signedAt,
      },
    });
    const byId = await visitor().get(`/api/signatures/verify/${sig.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().documentUse.documents).toBe(1);
    // no way to the image: the verification copy stays private too
    const rows = await ctx.app.db
      .selectFrom('signatures')
      .select('image_token')
      .where('id', '=', sig.id)
      .execute();
    const image = await visitor().get(
      `/api/signatures/${sig.id}/verification-image?sig=${rows[0]!.image_token}`,
    );
    expect(image.statusCode).toBe(404);
  });

  test('a private signature never used on a signed document stays unknown', async () => {
    const a = await signedIn('Private Person');
    const sig = await panelSignature(a);
    const res = await visitor().get(`/api/signatures/reference/${sig.referenceNumber}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.notFound);
    expect((await visitor().get(`/api/signatures/verify/${sig.id}`)).statusCode).toBe(404);
  });

  test('revoking a private signature that signed a document makes its look-up say revoked', async () => {
    const a = await signedIn('Jane Signer');
    const sig = await panelSignature(a);
    await signLetter(a, [sig.id]);
    expect((await a.request('PATCH', `/api/signatures/${sig.id}/revoke`)).statusCode).toBe(200);
    const res = await visitor().get(`/api/signatures/reference/${sig.referenceNumber}`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ revoked: true, message: m.revoked });
  });

  test("the signing certificate takes the document's paper: Letter stays Letter", async () => {
    const a = await signedIn('Jane Signer');
    const sig = await panelSignature(a);
    const { id, body, bytes } = await signLetter(a, [sig.id]);
    const info = await pdfinfo(bytes);
    expect(info).toMatch(/^Pages:\s+3$/m);
    for (const page of [1, 2, 3])
      expect(info).toMatch(new RegExp(`^Page\\s+${page} size:\\s+612 x 792 pts`, 'm'));
    // what the owner sees of the signed file: its pages and its size, not the original's
    expect(body.document).toMatchObject({ pageCount: 2, signedPageCount: 3, signedSize: bytes.length });
    const listed = (await a.get('/api/documents')).json() as Array<{ id: number; signedPageCount: number }>;
    expect(listed.find((d) => d.id === id)?.signedPageCount).toBe(3);
  });
});
