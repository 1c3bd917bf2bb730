import { afterAll, beforeAll, expect, test } from 'vitest';
import { UNGUESSABLE_LENGTH } from '#shared/signatures/reference.ts';
import { Agent } from '#server/test/agent.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
let png: string;
beforeAll(async () => {
  ctx = await testApp();
  png = await signaturePng();
});
afterAll(() => ctx.close());

let n = 0;
const visitor = () => Object.assign(new Agent(ctx.app), { ip: `198.18.7.${++n}` });

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

// Before: a private (signing-panel) save took the reference it was sent, and short generated
// references were 10,000 a day, so an anonymous save answering 409 told a stranger that someone's
// private signature had that reference.
test("a private signature's reference cannot be found by saving with it", async () => {
  const owner = visitor();
  expect((await owner.register(`private-ref-${Date.now()}@example.com`)).statusCode).toBeLessThan(300);
  const chosen = `SIG-${today()}-4242`;
  const saved = (await owner.post('/api/signatures', { signatureData: png, referenceNumber: chosen })).json();
  expect(saved.isPublic).toBe(false);
  expect(saved.referenceNumber).not.toBe(chosen);
  expect(saved.referenceNumber).toMatch(new RegExp(`^SIG-\\d{8}-[A-Z2-9]{${UNGUESSABLE_LENGTH}}$`));

  const stranger = visitor();
  await stranger.get('/api/csrf');
  const res = await stranger.post('/api/signatures', {
    signatureData: png,
    signerName: 'Stranger',
    referenceNumber: chosen,
    consent: true,
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().referenceNumber).toBe(chosen);
});

test('private references do not repeat and are not sequential', async () => {
  const owner = visitor();
  await owner.register(`private-refs-${Date.now()}@example.com`);
  const refs = new Set<string>();
  for (let i = 0; i < 20; i++)
    refs.add((await owner.post('/api/signatures', { signatureData: png })).json().referenceNumber);
  expect(refs.size).toBe(20);
});
