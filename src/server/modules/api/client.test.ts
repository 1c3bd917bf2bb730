import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInkproofClient, type InkproofClient } from '#clients/typescript/src/index.ts';
import { answerProblem } from '#server/test/api-answers.ts';
import { apiUser } from '#server/test/api.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

/** The typed client of clients/typescript, over real HTTP against a listening server. */
let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** fetch, with each answer checked against the OpenAPI document as the API tests' answers are. */
const checkedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const res = await fetch(request);
  const url = new URL(request.url);
  const type = res.headers.get('content-type') ?? undefined;
  const problem = answerProblem(
    ctx.app,
    request.method,
    url.pathname,
    res.status,
    type,
    await res.clone().text(),
  );
  if (problem) throw new Error(`The answer does not match the OpenAPI document: ${problem}`);
  return res;
};

describe('the typed client', () => {
  let client: InkproofClient;
  let owner: Awaited<ReturnType<typeof apiUser>>;
  beforeAll(async () => {
    owner = await apiUser(ctx.app);
    client = createInkproofClient({ baseUrl: `${baseUrl}/`, token: owner.token, fetch: checkedFetch });
  });

  test('uploads PDFs as a multipart form, then lists them newest first, page by page', async () => {
    const pdf = await simplePdf();
    for (const name of ['First contract', 'Second contract', 'Third contract']) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'contract.pdf');
      form.append('name', name);
      const res = await client.POST('/api/v1/documents', {
        body: form as never,
        bodySerializer: (body) => body as unknown as FormData,
        headers: { 'Idempotency-Key': `upload-${name}` },
      });
      expect(res.response.status, JSON.stringify(res.error)).toBe(201);
      expect(res.data).toMatchObject({ name, mimeType: 'application/pdf', size: pdf.length });
    }
    const first = await client.GET('/api/v1/documents', { params: { query: { limit: 2 } } });
    expect(first.response.status).toBe(200);
    expect(first.data!.items.map((d) => d.name)).toEqual(['Third contract', 'Second contract']);
    expect(first.data!.nextCursor).toEqual(expect.any(String));
    const second = await client.GET('/api/v1/documents', {
      params: { query: { limit: 2, cursor: first.data!.nextCursor! } },
    });
    expect(second.data).toEqual({
      items: [expect.objectContaining({ name: 'First contract' })],
      nextCursor: null,
    });
    expect(second.data!.items[0]!.mimeType).toBe('application/pdf');
  });

  test('a refused call is an error with its code, not an exception', async () => {
    const stranger = createInkproofClient({ baseUrl, token: `ink_${'x'.repeat(43)}`, fetch: checkedFetch });
    const res = await stranger.GET('/api/v1/documents', { params: { query: {} } });
    expect(res.response.status).toBe(401);
    expect(res.data).toBeUndefined();
    expect(res.error).toEqual({ message: expect.any(String), code: 'token_invalid' });
  });
});
