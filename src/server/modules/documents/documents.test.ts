import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { DOCUMENT_MAX_BYTES } from '#shared/documents/schemas.ts';
import { Agent } from '#server/test/agent.ts';
import { TEST_ORIGIN, testApp, type TestContext } from '#server/test/test-app.ts';
import { brokenPdf, encryptedPdf, simplePdf, truncatedPdf } from '#server/test/pdfs.ts';
import { getBytes, multipartBody, quadrantPng, upload } from '#server/test/documents.ts';

let ctx: TestContext;
let pdf2: Buffer;
let n = 0;
beforeAll(async () => {
  ctx = await testApp();
  pdf2 = await simplePdf(2);
});
afterAll(() => ctx.close());

async function signedIn() {
  const a = new Agent(ctx.app);
  a.ip = `198.51.100.${++n}`;
  const res = await a.register(`doc${++n}-${Date.now()}@example.com`);
  expect(res.statusCode).toBe(201);
  return a;
}
const pdfFile = (bytes: Buffer, filename = 'contract.pdf') => ({ filename, bytes });
const countRows = async (table: 'documents' | 'files') =>
  Number(
    (
      await ctx.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('upload', () => {
  test('a PDF is stored with its SHA-256 and comes back byte for byte, inline and safe', async () => {
    const a = await signedIn();
    const res = await upload(
      ctx.app,
      a,
      { name: 'Lease agreement' },
      pdfFile(pdf2, 'Mietvertrag – März (final).pdf'),
    );
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      name: 'Lease agreement',
      status: 'pending',
      originalFilename: 'Mietvertrag – März (final).pdf',
      mimeType: 'application/pdf',
      size: pdf2.length,
      pageCount: 2,
      sha256: crypto.createHash('sha256').update(pdf2).digest('hex'),
      signedAt: null,
      shared: false,
    });
    const file = await getBytes(ctx.app, a, `/api/documents/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.bytes.equals(pdf2)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(
      /^inline; filename="Lease agreement\.pdf"; filename\*=UTF-8''/,
    );
    const download = await getBytes(ctx.app, a, `/api/documents/${doc.id}/download`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.bytes.equals(pdf2)).toBe(true);
  });

  test('the list holds only my documents, newest first', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await upload(ctx.app, a, { name: 'First' }, pdfFile(pdf2));
    ctx.clock.advance(1000);
    await upload(ctx.app, a, { name: 'Second' }, pdfFile(pdf2));
    await upload(ctx.app, b, { name: 'Not mine' }, pdfFile(pdf2));
    const list = (await a.get('/api/documents')).json();
    expect(list.map((d: { name: string }) => d.name)).toEqual(['Second', 'First']);
  });

  test('10 MB + 1 byte is refused with 413 while exactly 10 MB passes the size check', async () => {
    const a = await signedIn();
    const before = await countRows('documents');
    const over = Buffer.concat([pdf2, Buffer.alloc(DOCUMENT_MAX_BYTES + 1 - pdf2.length, 0x20)]);
    const res = await upload(ctx.app, a, { name: 'Too big' }, pdfFile(over));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(m.fileTooLarge);
    const exact = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x41);
    const atLimit = await upload(ctx.app, a, { name: 'Exactly' }, pdfFile(exact));
    expect(atLimit.statusCode).toBe(415); // not too large, just not a PDF
    expect(await countRows('documents')).toBe(before);
  });

  test('a declared body far over the limit is refused before it is read', async () => {
    const a = await signedIn();
    const { contentType } = multipartBody({ name: 'x' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: {
        'content-type': contentType,
        'content-length': String(50 * 1024 * 1024),
        cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': a.csrf!,
      },
      payload: Buffer.alloc(0),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(m.fileTooLarge);
  });

  test('a declared body far over the limit closes the connection and is not counted as an upload', async () => {
    const a = await signedIn();
    const { contentType } = multipartBody({ name: 'x' });
    const headers = {
      'content-type': contentType,
      'content-length': String(50 * 1024 * 1024),
      cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': a.csrf!,
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers,
      payload: Buffer.alloc(0),
      remoteAddress: a.ip,
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
    const counted = await ctx.app.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', `upload:ip:${a.ip}`)
      .executeTakeFirst();
    expect(counted).toBeUndefined();
  });

  test.each([
    [
      'a PNG named .pdf',
      async () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      415,
      m.onlyPdf,
    ],
    ['text named .pdf', async () => Buffer.from('hello, I am not a PDF'), 415, m.onlyPdf],
    ['an empty file', async () => Buffer.alloc(0), 400, m.fileRequired],
    ['a broken PDF', async () => brokenPdf(), 400, m.damaged],
    ['a truncated PDF', () => truncatedPdf(), 400, m.damaged],
    ['an encrypted PDF', () => encryptedPdf(), 400, m.encrypted],
  ])('%s is refused with a clear message and nothing is stored', async (_label, make, status, message) => {
    const a = await signedIn();
    const before = await Promise.all([countRows('documents'), countRows('files')]);
    const res = await upload(ctx.app, a, { name: 'Bad' }, pdfFile(await make()));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await Promise.all([countRows('documents'), countRows('files')])).toEqual(before);
  });

  test('name and file are required', async () => {
    const a = await signedIn();
    const noName = await upload(ctx.app, a, {}, pdfFile(pdf2));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(m.nameRequired);
    const blank = await upload(ctx.app, a, { name: '   ' }, pdfFile(pdf2));
    expect(blank.json().message).toBe(m.nameRequired);
    const noFile = await upload(ctx.app, a, { name: 'No file' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(m.fileRequired);
  });

  test('JSON instead of multipart is refused; signed out is 401; no CSRF header is 403', async () => {
    const a = await signedIn();
    const json = await a.post('/api/documents/upload', { name: 'x', file: 'JVBERi0=' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(m.uploadMalformed);
    const anon = new Agent(ctx.app);
    await anon.get('/api/csrf');
    expect((await upload(ctx.app, anon, { name: 'x' }, pdfFile(pdf2))).statusCode).toBe(401);
    a.csrf = undefined;
    expect((await upload(ctx.app, a, { name: 'x' }, pdfFile(pdf2))).statusCode).toBe(403);
  });

  test('multipart is only understood by the upload route', async () => {
    const a = await signedIn();
    const { body, contentType } = multipartBody({ signatureData: '' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/signatures',
      headers: {
        'content-type': contentType,
        cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': a.csrf!,
      },
      payload: body,
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('ownership', () => {
  test("another user's document answers 404 to every call", async () => {
    const owner = await signedIn();
    const id = (await upload(ctx.app, owner, { name: 'Private' }, pdfFile(pdf2))).json().id;
    const other = await signedIn();
    const sig = (
      await other.post('/api/signatures', { signatureData: await quadrantPng(), isDefault: false })
    ).json();
    expect((await other.get(`/api/documents/${id}`)).statusCode).toBe(404);
    expect((await getBytes(ctx.app, other, `/api/documents/${id}/file`)).statusCode).toBe(404);
    expect((await getBytes(ctx.app, other, `/api/documents/${id}/download`)).statusCode).toBe(404);
    expect((await other.post(`/api/documents/${id}/share`)).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/documents/${id}/share`)).statusCode).toBe(404);
    const sign = await other.post(`/api/documents/${id}/sign`, {
      signatures: [{ signatureId: sig.id, position: { x: 10, y: 10, width: 200, height: 100, page: 1 } }],
    });
    expect(sign.statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/documents/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/documents')).json()).toEqual([]);
    const mine = await owner.get(`/api/documents/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().status).toBe('pending');
  });

  test('a non-numeric id answers 400 and an unknown one 404', async () => {
    const a = await signedIn();
    expect((await a.get('/api/documents/abc')).statusCode).toBe(400);
    expect((await a.get('/api/documents/999999')).statusCode).toBe(404);
  });

  test('signed out, every owner call answers 401', async () => {
    const anon = new Agent(ctx.app);
    await anon.get('/api/csrf');
    expect((await anon.get('/api/documents')).statusCode).toBe(401);
    expect((await anon.get('/api/documents/1')).statusCode).toBe(401);
    expect((await getBytes(ctx.app, anon, '/api/documents/1/file')).statusCode).toBe(401);
  });
});

describe('delete', () => {
  test('rows, files and share links go; the link dies', async () => {
    const a = await signedIn();
    const id = (await upload(ctx.app, a, { name: 'Gone soon' }, pdfFile(pdf2))).json().id;
    const link = (await a.post(`/api/documents/${id}/share`)).json().shareLink as string;
    const token = link.split('/shared/')[1]!;
    expect((await getBytes(ctx.app, null, `/api/shared/${token}`)).statusCode).toBe(200);
    const res = await a.request('DELETE', `/api/documents/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.deleted);
    const left = await Promise.all(
      (['files', 'share_links', 'document_signatures', 'documents'] as const).map(async (t) =>
        t === 'documents'
          ? ctx.app.db.selectFrom(t).select('id').where('id', '=', id).execute()
          : ctx.app.db.selectFrom(t).select('id').where('document_id', '=', id).execute(),
      ),
    );
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
    expect((await getBytes(ctx.app, null, `/api/shared/${token}`)).statusCode).toBe(404);
    expect((await a.get(`/api/documents/${id}`)).statusCode).toBe(404);
    const events = await ctx.app.db
      .selectFrom('activity_log')
      .select('event')
      .where('event', 'like', 'document-%')
      .execute();
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['document-uploaded', 'document-shared', 'document-deleted']),
    );
  });
});

describe('share links', () => {
  test('a link opens the document signed out, read-only, and dies when revoked', async () => {
    const a = await signedIn();
    const id = (await upload(ctx.app, a, { name: 'Shared plan' }, pdfFile(pdf2))).json().id;
    const share = await a.post(`/api/documents/${id}/share`);
    expect(share.statusCode).toBe(200);
    const { shareLink } = share.json();
    expect(shareLink.startsWith(`${TEST_ORIGIN}/shared/`)).toBe(true);
    const token = shareLink.split('/shared/')[1];
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await ctx.app.db
      .selectFrom('share_links')
      .select('token_hash')
      .where('document_id', '=', id)
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    const meta = await getBytes(ctx.app, null, `/api/shared/${token}`);
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({ name: 'Shared plan', status: 'pending', pageCount: 2 });
    expect(meta.headers['set-cookie']).toBeUndefined();
    const file = await getBytes(ctx.app, null, `/api/shared/${token}/file`);
    expect(file.bytes.equals(pdf2)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    const dl = await getBytes(ctx.app, null, `/api/shared/${token}/file?download=1`);
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);

    const list = (await a.get('/api/documents')).json();
    expect(list[0]).toMatchObject({ id, shared: true, status: 'shared' });

    const revoke = await a.request('DELETE', `/api/documents/${id}/share`);
    expect(revoke.json().message).toBe(m.shareRevoked);
    expect((await getBytes(ctx.app, null, `/api/shared/${token}`)).statusCode).toBe(404);
    expect((await getBytes(ctx.app, null, `/api/shared/${token}/file`)).statusCode).toBe(404);
    expect((await a.get('/api/documents')).json()[0]).toMatchObject({ shared: false, status: 'pending' });
  });

  test('a link expires after 30 days and a made-up token finds nothing', async () => {
    const a = await signedIn();
    const id = (await upload(ctx.app, a, { name: 'Expiring' }, pdfFile(pdf2))).json().id;
    const token = (await a.post(`/api/documents/${id}/share`)).json().shareLink.split('/shared/')[1];
    ctx.clock.advance(31 * 24 * 3600 * 1000);
    expect((await getBytes(ctx.app, null, `/api/shared/${token}`)).statusCode).toBe(404);
    expect((await getBytes(ctx.app, null, `/api/shared/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await getBytes(ctx.app, null, '/api/shared/short')).statusCode).toBe(400);
  });
});
