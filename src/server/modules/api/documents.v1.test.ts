import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { defaultLimits } from '#server/lib/limits.ts';
import { ApiClient, apiUser, type ApiResponse } from '#server/test/api.ts';
import { multipartBody } from '#server/test/documents.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { brokenPdf, encryptedPdf, simplePdf } from '#server/test/pdfs.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { JSON_UPLOAD_BODY_LIMIT } from './documents.v1.ts';

let ctx: TestContext;
let pdf: Buffer;
beforeAll(async () => {
  ctx = await testApp();
  pdf = await simplePdf(2);
});
afterAll(() => ctx.close());
afterEach(() => ctx.app.limitsStore.save(defaultLimits()));

const DAY_MS = 24 * 60 * 60 * 1000;
const b64 = (bytes: Buffer) => bytes.toString('base64');

function sendForm(
  api: ApiClient,
  fields: Record<string, string>,
  file?: { filename: string; bytes: Buffer; type?: string },
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const { body, contentType } = multipartBody(fields, file);
  return api.call('POST', '/api/v1/documents', body, { 'content-type': contentType, ...headers });
}

const uploadJson = (api: ApiClient, name = 'Contract', bytes = pdf, headers?: Record<string, string>) =>
  api.post('/api/v1/documents', { name, contentBase64: b64(bytes) }, headers);

async function countDocuments(userId: number) {
  const row = await ctx.app.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A document of the user's, signed in the browser with a signature of theirs. */
async function signedDocument(owner: Awaited<ReturnType<typeof apiUser>>) {
  const doc = (await uploadJson(owner.api, 'To sign')).json();
  const sig = await owner.agent.post('/api/signatures', { signatureData: await signaturePng() });
  expect(sig.statusCode, sig.body).toBe(201);
  const signed = await owner.agent.post(`/api/documents/${doc.id}/sign`, {
    signatures: [
      { signatureId: sig.json().id, position: { page: 1, x: 300, y: 300, width: 200, height: 100 } },
    ],
  });
  expect(signed.statusCode, signed.body).toBe(200);
  return signed.json().document as { id: number; reference: string; signedSha256: string; sha256: string };
}

describe('upload', () => {
  test('as a multipart form and as JSON: 201 with the document, stored as the browser stores it', async () => {
    const { api, agent } = await apiUser(ctx.app, ['documents:write', 'documents:read']);
    const form = await sendForm(api, { name: 'Lease' }, { filename: 'lease.pdf', bytes: pdf });
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json()).toMatchObject({
      name: 'Lease',
      status: 'pending',
      originalFilename: 'lease.pdf',
      size: pdf.length,
      pageCount: 2,
      sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
    });
    const json = await api.post('/api/v1/documents', {
      name: 'Offer',
      filename: 'offer.pdf',
      contentBase64: `data:application/pdf;base64,${b64(pdf)}`,
    });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json()).toMatchObject({ name: 'Offer', originalFilename: 'offer.pdf', size: pdf.length });
    const noFilename = await uploadJson(api, 'Plain');
    expect(noFilename.json().originalFilename).toBe('Plain.pdf');
    // the browser sees them
    const listed = (await agent.get('/api/documents')).json();
    expect(listed.map((d: { name: string }) => d.name).sort()).toEqual(['Lease', 'Offer', 'Plain']);
  });

  test('not a PDF is 415, a damaged or encrypted one 400 with its code, bad input 400', async () => {
    const { api, userId } = await apiUser(ctx.app, ['documents:write']);
    const png = Buffer.from((await signaturePng()).split(',')[1]!, 'base64');
    const notPdf = await uploadJson(api, 'Picture', png);
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().code).toBe('unsupported_media_type');
    const formNotPdf = await sendForm(
      api,
      { name: 'Picture' },
      { filename: 'a.png', bytes: png, type: 'image/png' },
    );
    expect(formNotPdf.statusCode).toBe(415);

    const damaged = await uploadJson(api, 'Broken', brokenPdf());
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().code).toBe('pdf_damaged');
    const encrypted = await sendForm(
      api,
      { name: 'Locked' },
      { filename: 'l.pdf', bytes: await encryptedPdf() },
    );
    expect(encrypted.statusCode).toBe(400);
    expect(encrypted.json().code).toBe('pdf_encrypted');

    for (const [body, code] of [
      [{ name: 'X' }, 'validation_failed'],
      [{ name: '', contentBase64: b64(pdf) }, 'validation_failed'],
      [{ name: 'X', contentBase64: 'not base64!' }, 'base64_invalid'],
      [null, 'validation_failed'],
    ] as const) {
      const res = await api.post('/api/v1/documents', body === null ? 'null' : body, {
        'content-type': 'application/json',
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const noFile = await sendForm(api, { name: 'Empty' });
    expect(noFile.statusCode).toBe(400);
    const noName = await sendForm(api, {}, { filename: 'x.pdf', bytes: pdf });
    expect(noName.statusCode).toBe(400);
    expect(await countDocuments(userId)).toBe(0);
  });

  test('over 10 MB (as base64 or as a form) and over the quota: 413 with a code', async () => {
    const { api, userId } = await apiUser(ctx.app, ['documents:write']);
    // 10 MB and one byte of PDF, in base64: within the JSON body limit, over the file limit
    const justOver = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    justOver.write('%PDF-1.7\n');
    const decoded = await uploadJson(api, 'Big', justOver);
    expect(decoded.statusCode).toBe(413);
    expect(decoded.json().code).toBe('too_large');
    // a body past the JSON limit is refused before it is parsed
    const huge = await api.call(
      'POST',
      '/api/v1/documents',
      `{"name":"x","contentBase64":"${'A'.repeat(JSON_UPLOAD_BODY_LIMIT)}"}`,
      {
        'content-type': 'application/json',
      },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('too_large');
    const form = await sendForm(api, { name: 'Big' }, { filename: 'big.pdf', bytes: justOver });
    expect(form.statusCode).toBe(413);
    expect(form.json().code).toBe('too_large');

    await ctx.app.db
      .updateTable('users')
      .set({ storage_quota_bytes: pdf.length + 10 })
      .where('id', '=', userId)
      .execute();
    expect((await uploadJson(api, 'First')).statusCode).toBe(201);
    const over = await uploadJson(api, 'Second');
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe('too_large');
    const overForm = await sendForm(api, { name: 'Third' }, { filename: 't.pdf', bytes: pdf });
    expect(overForm.statusCode).toBe(413);
    expect(await countDocuments(userId)).toBe(1);
  });

  test('uploads per user and hour are the browser limit, counted together with the browser', async () => {
    await ctx.app.limitsStore.save({ uploadsPerUserPerHour: 2 });
    const { api } = await apiUser(ctx.app, ['documents:write']);
    expect((await uploadJson(api, 'One')).statusCode).toBe(201);
    expect((await sendForm(api, { name: 'Two' }, { filename: 'b.pdf', bytes: pdf })).statusCode).toBe(201);
    const third = await uploadJson(api, 'Three');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('rate_limited');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('idempotent upload', () => {
  for (const form of ['JSON', 'multipart'] as const) {
    const send = (api: ApiClient, name: string, key: string) =>
      form === 'JSON'
        ? uploadJson(api, name, pdf, { 'idempotency-key': key })
        : sendForm(api, { name }, { filename: 'a.pdf', bytes: pdf }, { 'idempotency-key': key });

    test(`${form}: the same key and body replay the first answer; another body is 422`, async () => {
      const { api, userId } = await apiUser(ctx.app, ['documents:write']);
      const first = await send(api, 'Once', 'k-1');
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await send(api, 'Once', 'k-1');
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await countDocuments(userId)).toBe(1);

      const other = await send(api, 'Another', 'k-1');
      expect(other.statusCode).toBe(422);
      expect(other.json().code).toBe('idempotency_key_reused');
      expect(await countDocuments(userId)).toBe(1);
    });

    test(`${form}: two requests at once with one key make one document`, async () => {
      const { api, userId } = await apiUser(ctx.app, ['documents:write']);
      const answers = await Promise.all([send(api, 'Race', 'k-race'), send(api, 'Race', 'k-race')]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      const refused = answers.find((r) => r.statusCode === 409);
      if (refused) expect(refused.json().code).toBe('idempotency_key_in_use');
      else expect(answers.some((r) => r.headers['idempotent-replayed'] === 'true')).toBe(true);
      expect(await countDocuments(userId)).toBe(1);
    });

    test(`${form}: after 24 hours the key is free again`, async () => {
      const { api, userId } = await apiUser(ctx.app, ['documents:write']);
      expect((await send(api, 'Day one', 'k-day')).statusCode).toBe(201);
      ctx.clock.advance(DAY_MS + 1000);
      const later = await send(api, 'Day two', 'k-day');
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(await countDocuments(userId)).toBe(2);
    });
  }

  test('a key is the token owner’s: another token with the same key uploads its own', async () => {
    const a = await apiUser(ctx.app, ['documents:write']);
    const b = await apiUser(ctx.app, ['documents:write']);
    expect((await uploadJson(a.api, 'Same', pdf, { 'idempotency-key': 'shared' })).statusCode).toBe(201);
    const other = await uploadJson(b.api, 'Same', pdf, { 'idempotency-key': 'shared' });
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('reading and deleting', () => {
  test('detail, original and signed file; another user’s document is 404', async () => {
    const owner = await apiUser(ctx.app);
    const stranger = await apiUser(ctx.app);
    const doc = (await uploadJson(owner.api, 'Mine')).json();

    const detail = await owner.api.get(`/api/v1/documents/${doc.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: doc.id, name: 'Mine', signatures: [] });
    const original = await owner.api.get(`/api/v1/documents/${doc.id}/file`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/pdf');
    expect(original.headers['content-disposition']).toMatch(/^attachment/);
    expect(original.rawPayload.equals(pdf)).toBe(true);
    const unsigned = await owner.api.get(`/api/v1/documents/${doc.id}/signed`);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().code).toBe('document_not_signed');

    for (const url of [
      `/api/v1/documents/${doc.id}`,
      `/api/v1/documents/${doc.id}/file`,
      `/api/v1/documents/${doc.id}/signed`,
    ]) {
      const res = await stranger.api.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const gone = await stranger.api.delete(`/api/v1/documents/${doc.id}`);
    expect(gone.statusCode).toBe(404);
    expect((await owner.api.get('/api/v1/documents/999999')).statusCode).toBe(404);
    const badId = await owner.api.get('/api/v1/documents/abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('validation_failed');

    const signed = await signedDocument(owner);
    const signedFile = await owner.api.get(`/api/v1/documents/${signed.id}/signed`);
    expect(signedFile.statusCode).toBe(200);
    expect(signedFile.headers['content-type']).toBe('application/pdf');
    expect(crypto.createHash('sha256').update(signedFile.rawPayload).digest('hex')).toBe(signed.signedSha256);
    const signedDetail = (await owner.api.get(`/api/v1/documents/${signed.id}`)).json();
    expect(signedDetail.signatures).toHaveLength(1);
  });

  test('delete answers 204 and the document is gone; one awaiting signatures is 409', async () => {
    const { api } = await apiUser(ctx.app);
    const doc = (await uploadJson(api, 'Bye')).json();
    const res = await api.delete(`/api/v1/documents/${doc.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await api.get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);

    const held = (await uploadJson(api, 'Held')).json();
    await ctx.app.db.updateTable('documents').set({ status: 'awaiting' }).where('id', '=', held.id).execute();
    const locked = await api.delete(`/api/v1/documents/${held.id}`);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('document_awaiting_signatures');
    expect((await api.get(`/api/v1/documents/${held.id}`)).statusCode).toBe(200);
  });
});

describe('list', () => {
  test('pages stay stable while documents are uploaded and deleted between pages', async () => {
    const { api } = await apiUser(ctx.app);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await uploadJson(api, `Doc ${i}`)).json().id);
    const newestFirst = [...ids].reverse();

    const seen: number[] = [];
    let page = (await api.get('/api/v1/documents?limit=3')).json();
    seen.push(...page.items.map((d: { id: number }) => d.id));
    expect(seen).toEqual(newestFirst.slice(0, 3));
    // between pages: a new upload (newer than the cursor), and deletes of a seen and an unseen row
    const added = (await uploadJson(api, 'Late')).json().id;
    await api.delete(`/api/v1/documents/${newestFirst[1]}`);
    await api.delete(`/api/v1/documents/${newestFirst[4]}`);
    while (page.nextCursor) {
      page = (await api.get(`/api/v1/documents?limit=3&cursor=${page.nextCursor}`)).json();
      seen.push(...page.items.map((d: { id: number }) => d.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(added);
    const throughout = newestFirst.filter((id) => id !== newestFirst[1] && id !== newestFirst[4]);
    for (const id of throughout) expect(seen).toContain(id);
    expect(seen).not.toContain(newestFirst[4]);
  });

  test('filters by name, state and upload time', async () => {
    const { api } = await apiUser(ctx.app);
    const early = (await uploadJson(api, 'Invoice March')).json();
    ctx.clock.advance(60_000);
    const cut = new Date(ctx.clock.now()).toISOString();
    ctx.clock.advance(60_000);
    const late = (await uploadJson(api, 'Lease')).json();
    const names = async (query: string) =>
      (await api.get(`/api/v1/documents?${query}`)).json().items.map((d: { id: number }) => d.id);
    expect(await names('name=invoice')).toEqual([early.id]);
    expect(await names(`createdAfter=${encodeURIComponent(cut)}`)).toEqual([late.id]);
    expect(await names(`createdBefore=${encodeURIComponent(cut)}`)).toEqual([early.id]);
    expect(await names('status=signed')).toEqual([]);
    const bad = await api.get('/api/v1/documents?createdAfter=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', issues: [{ path: 'createdAfter' }] });
  });
});

describe('scopes', () => {
  const routes = (id: number) =>
    [
      ['documents:read', 'GET', '/api/v1/documents', 200],
      ['documents:read', 'GET', `/api/v1/documents/${id}`, 200],
      ['documents:read', 'GET', `/api/v1/documents/${id}/file`, 200],
      ['documents:read', 'GET', `/api/v1/documents/${id}/signed`, 409],
      ['documents:write', 'POST', '/api/v1/documents', 201],
      ['documents:write', 'DELETE', `/api/v1/documents/${id}`, 204],
    ] as const;

  test('every route refuses a token without its scope (403 naming it) and takes one with it', async () => {
    for (const [scope, method, url, ok] of routes(0)) {
      const owner = await apiUser(ctx.app, ['documents:write', 'documents:read']);
      const doc = (await uploadJson(owner.api, 'Scoped')).json();
      const path = url.replace('/0', `/${doc.id}`);
      const others = (
        ['documents:read', 'documents:write', 'signatures:read', 'signatures:write'] as const
      ).filter((s) => s !== scope);
      const without = new ApiClient(ctx.app, (await tokenOf(owner, others)).token);
      const body = method === 'POST' ? { name: 'Scoped', contentBase64: b64(pdf) } : undefined;
      const refused = await without.call(method, path, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'insufficient_scope', scope });
      const withIt = new ApiClient(ctx.app, (await tokenOf(owner, [scope])).token);
      const accepted = await withIt.call(method, path, body);
      expect(accepted.statusCode, `${method} ${path}: ${accepted.body}`).toBe(ok);
      const anonymous = await ctx.app.inject({ method, url: path });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});

/** Another token of the same user, with these scopes. */
async function tokenOf(owner: Awaited<ReturnType<typeof apiUser>>, scopes: readonly string[]) {
  const res = await owner.agent.post('/api/user/api-tokens', { name: 'scoped', scopes, expiresInDays: null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ token: string }>();
}
