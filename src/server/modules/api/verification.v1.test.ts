import crypto from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { defaultLimits } from '#server/lib/limits.ts';
import { apiUser } from '#server/test/api.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { DOCUMENT_CHECKS_PER_HOUR } from '../documents/documents.routes.ts';

let ctx: TestContext;
let png: string;
let ips = 0;
beforeAll(async () => {
  ctx = await testApp();
  png = await signaturePng();
});
afterAll(() => ctx.close());
afterEach(() => ctx.app.limitsStore.save(defaultLimits()));

/** A caller without a token, from a network of its own unless told. */
function anonymous(ip = `192.0.2.${++ips}`) {
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await ctx.app.inject({
      method,
      url,
      remoteAddress: ip,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { statusCode: res.statusCode, headers: res.headers, json: () => res.json() };
  };
  return {
    ip,
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown) => call('POST', url, body),
  };
}

async function publicSignature(extra: Record<string, unknown> = {}) {
  const { api } = await apiUser(ctx.app);
  const res = await api.post('/api/v1/signatures', {
    signerName: 'Jane Doe',
    additionalData: 'Lease 7',
    image: png,
    public: true,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { api, sig: res.json() as { id: number; referenceNumber: string } };
}

describe('signatures', () => {
  test('anyone verifies a public signature by reference, without a token', async () => {
    const { sig } = await publicSignature();
    const res = await anonymous().get(`/api/v1/verify/${sig.referenceNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: sig.id,
      signerName: 'Jane Doe',
      additionalData: 'Lease 7',
      referenceNumber: sig.referenceNumber,
      isRegisteredUser: true,
    });
    // the public answer: never the clean image
    expect(res.json().signatureData).not.toMatch(/^data:/);
    // lower case is the same reference, as on the page
    expect((await anonymous().get(`/api/v1/verify/${sig.referenceNumber.toLowerCase()}`)).statusCode).toBe(
      200,
    );
  });

  test('unknown or private: 404; revoked and expired: 410 with a code and the time; malformed: 400', async () => {
    const { api, sig } = await publicSignature();
    const priv = (await api.post('/api/v1/signatures', { signerName: 'Hidden' })).json();
    for (const ref of ['SIG-20200101-ZZZZ', priv.referenceNumber]) {
      const res = await anonymous().get(`/api/v1/verify/${ref}`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const bad = await anonymous().get('/api/v1/verify/not-a-reference');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');

    await api.post(`/api/v1/signatures/${sig.id}/revoke`);
    const revoked = await anonymous().get(`/api/v1/verify/${sig.referenceNumber}`);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toMatchObject({ code: 'signature_revoked', revokedAt: expect.any(String) });

    const other = await publicSignature();
    const past = new Date(ctx.clock.now() - 1000).toISOString();
    await ctx.app.db
      .updateTable('signatures')
      .set({ expires_at: past })
      .where('id', '=', other.sig.id)
      .execute();
    const expired = await anonymous().get(`/api/v1/verify/${other.sig.referenceNumber}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'signature_expired', expiresAt: past });
  });

  test('past the CAPTCHA threshold an API caller gets 429 with a code and Retry-After, past the block another', async () => {
    await ctx.app.limitsStore.save({ lookupsBeforeCaptcha: 2, lookupsBeforeBlock: 4 });
    const { sig } = await publicSignature();
    const caller = anonymous();
    const url = `/api/v1/verify/${sig.referenceNumber}`;
    expect((await caller.get(url)).statusCode).toBe(200);
    // the page and the API count on the same per-network counter
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/signatures/reference/${sig.referenceNumber}`,
      remoteAddress: caller.ip,
    });
    expect(page.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await caller.get(url);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'lookup_captcha_required' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const blocked = await caller.get(url);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('lookup_blocked');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // another network is not affected
    expect((await anonymous().get(url)).statusCode).toBe(200);
  });
});

describe('documents', () => {
  async function signed() {
    const { api, agent } = await apiUser(ctx.app);
    const pdf = await simplePdf(1);
    const doc = (
      await api.post('/api/v1/documents', { name: 'Deed', contentBase64: pdf.toString('base64') })
    ).json();
    const sig = (await api.post('/api/v1/signatures', { signerName: 'Jane Doe', image: png })).json();
    const res = await agent.post(`/api/documents/${doc.id}/sign`, {
      signatures: [{ signatureId: sig.id, position: { page: 1, x: 300, y: 300, width: 200, height: 100 } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const unsigned = (
      await api.post('/api/v1/documents', {
        name: 'Draft',
        contentBase64: (await simplePdf(2)).toString('base64'),
      })
    ).json();
    return { signed: res.json().document, unsigned, pdf };
  }

  test('by reference and by hash: signed documents answer, anything else is 404, bad input 400', async () => {
    const { signed: doc, unsigned } = await signed();
    const caller = anonymous();
    const byRef = await caller.get(`/api/v1/verify/documents/${doc.reference}`);
    expect(byRef.statusCode).toBe(200);
    expect(byRef.json()).toMatchObject({
      match: 'reference',
      reference: doc.reference,
      name: 'Deed',
      signers: [{ name: 'Jane Doe' }],
      originalSha256: doc.sha256,
      signedSha256: doc.signedSha256,
    });
    const bySigned = await caller.post('/api/v1/verify/documents/hash', {
      sha256: doc.signedSha256.toUpperCase(),
    });
    expect(bySigned.statusCode).toBe(200);
    expect(bySigned.json()).toMatchObject({ match: 'signed', reference: doc.reference });
    const byOriginal = await caller.post('/api/v1/verify/documents/hash', { sha256: doc.sha256 });
    expect(byOriginal.json().match).toBe('original');

    for (const res of [
      await caller.get('/api/v1/verify/documents/DOC-20200101-ABCDEFGH'),
      await caller.post('/api/v1/verify/documents/hash', { sha256: unsigned.sha256 }),
      await caller.post('/api/v1/verify/documents/hash', { sha256: crypto.randomBytes(32).toString('hex') }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    for (const res of [
      await caller.get('/api/v1/verify/documents/DOC-nope'),
      await caller.post('/api/v1/verify/documents/hash', { sha256: 'abc' }),
      await caller.post('/api/v1/verify/documents/hash', {}),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  test('checks are counted per network and hour, with the browser’s checks', async () => {
    const caller = anonymous();
    const hash = { sha256: crypto.randomBytes(32).toString('hex') };
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/documents/reference/DOC-20200101-ABCDEFGH',
      remoteAddress: caller.ip,
    });
    expect(page.statusCode).toBe(404);
    for (let i = 1; i < DOCUMENT_CHECKS_PER_HOUR; i++)
      expect((await caller.post('/api/v1/verify/documents/hash', hash)).statusCode).toBe(404);
    const over = await caller.get('/api/v1/verify/documents/DOC-20200101-ABCDEFGH');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('OpenAPI', () => {
  test('names every area route with its scope (or none for verification) and its components', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operations: Record<string, { security: unknown }> = {};
    for (const methods of Object.values(doc.paths) as Array<
      Record<string, { operationId: string; security: unknown }>
    >)
      for (const op of Object.values(methods)) operations[op.operationId] = op;
    const expected: Record<string, string | null> = {
      listDocuments: 'documents:read',
      getDocument: 'documents:read',
      downloadDocumentOriginal: 'documents:read',
      downloadDocumentSigned: 'documents:read',
      deleteDocument: 'documents:write',
      uploadDocument: 'documents:write',
      listSignatures: 'signatures:read',
      getSignature: 'signatures:read',
      createSignature: 'signatures:write',
      revokeSignature: 'signatures:write',
      verifySignature: null,
      verifyDocumentByReference: null,
      verifyDocumentByHash: null,
    };
    for (const [id, scope] of Object.entries(expected)) {
      expect(operations[id], id).toBeDefined();
      expect(operations[id]!.security, id).toEqual(scope ? [{ token: [scope] }] : []);
    }
    for (const name of [
      'Document',
      'DocumentDetail',
      'DocumentPage',
      'DocumentUpload',
      'DocumentUploadForm',
      'Signature',
      'SignatureDetail',
      'SignaturePage',
      'SignatureCreate',
      'PublicSignature',
      'DocumentVerification',
      'Error',
    ])
      expect(doc.components.schemas, name).toHaveProperty(name);
    expect(doc.info.description).toContain('lookup_captcha_required');
    const checked = await new Validator().validate(doc);
    expect(checked.errors ?? []).toEqual([]);
    const upload = doc.paths['/api/v1/documents'].post.requestBody.content;
    expect(Object.keys(upload).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(JSON.stringify(upload['application/json'])).toContain('DocumentUpload');
    expect(JSON.stringify(upload['multipart/form-data'])).toContain('DocumentUploadForm');
  });
});
