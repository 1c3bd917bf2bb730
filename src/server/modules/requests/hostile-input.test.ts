import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  body,
  mailedToken,
  owner,
  person,
  recipientAgent,
  requestsTestApp,
  send,
  uploaded,
  type Ctx,
} from '#server/test/requests.ts';

/**
 * Hostile text in every text the signing-request API takes: refused (4xx) or stored (2xx), never
 * a failure (5xx). Run with TEST_DATABASE_URL for PostgreSQL, the stricter of the two.
 */
const hostileChar = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u001b',
    '\u2028',
    '\ufeff',
    '\ud800',
    '\udfff',
    '%00',
    '\\',
    '"',
    '<',
    '&',
    '\n',
    'é',
    '😀',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const hostileText = fc.array(hostileChar, { minLength: 1, maxLength: 30 }).map((a) => a.join(''));

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

test('names, addresses and messages of a request: 4xx or stored, never 5xx', async () => {
  const o = await owner(ctx);
  await ctx.app.limitsStore.save({ signingRequestsPerUserPerHour: 1000 });
  try {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, hostileText, async (name, local, message) => {
        const docId = await uploaded(ctx, o.agent);
        const res = await o.agent.post(
          `/api/documents/${docId}/requests`,
          body([{ name, email: `${local}@example.com` }], { message }),
        );
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().message === undefined || typeof res.json().message === 'string').toBe(true);
      }),
      { numRuns: 25 },
    );
  } finally {
    await ctx.app.limitsStore.save({ signingRequestsPerUserPerHour: 30 });
  }
});

test("a recipient's text values, decline reason, code and link: 4xx or accepted, never 5xx", async () => {
  const o = await owner(ctx);
  const docId = await uploaded(ctx, o.agent);
  const ann = person('Ann Hostile');
  await send(
    ctx,
    o.agent,
    docId,
    body([ann], {
      fields: [
        { recipient: 0, type: 'signature', page: 1, rect: { x: 72, y: 600, width: 180, height: 80 } },
        { recipient: 0, type: 'text', page: 1, rect: { x: 72, y: 500, width: 300, height: 20 } },
      ],
    }),
  );
  const token = await mailedToken(ctx, ann.email);
  const browser = recipientAgent(ctx.app);
  const fields = (await browser.get(`/api/sign/${token}`)).json().fields as { id: number }[];
  await fc.assert(
    fc.asyncProperty(hostileText, async (text) => {
      // Without the signature the finish is refused after the text is read: nothing is stamped.
      const res = await browser.post(`/api/sign/${token}/complete`, {
        values: [{ fieldId: fields[1]!.id, kind: 'text', text }],
      });
      expect(res.statusCode).toBeLessThan(500);
      expect((await browser.post(`/api/sign/${token}/verify-code`, { code: text })).statusCode).toBeLessThan(
        500,
      );
      const path = [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
      expect((await browser.get(`/api/sign/${path}`)).statusCode).toBeLessThan(500);
    }),
    { numRuns: 25 },
  );
  const reason = await browser.post(`/api/sign/${token}/decline`, { reason: 'Nul \u0000 here' });
  expect(reason.statusCode).toBe(400);
  const ok = await browser.post(`/api/sign/${token}/decline`, { reason: 'Wrong 😀 \u2028 <b>' });
  expect(ok.statusCode).toBe(200);
});
