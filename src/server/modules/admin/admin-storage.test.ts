import { afterAll, beforeAll, expect, test } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { upload } from '#server/test/documents.ts';
import { simplePdf } from '#server/test/pdfs.ts';

const MB = 1024 * 1024;
let ctx: TestContext;
let admin: Agent;
let user: Agent;
let userId: number;
let pdf: Buffer;

beforeAll(async () => {
  ctx = await testApp();
  pdf = await simplePdf(2);
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.31';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
  user = new Agent(ctx.app);
  user.ip = '192.0.2.32';
  userId = (await user.register('stores@example.com')).json().id;
  expect((await upload(ctx.app, user, { name: 'One' }, { filename: 'one.pdf', bytes: pdf })).statusCode).toBe(
    201,
  );
});
afterAll(() => ctx.close());

test('admins see each user storage and set or clear a per-user quota; the user sees it in Settings', async () => {
  const defaultBytes = ctx.app.limits.storageQuotaBytes;
  const listed = (await admin.get('/api/admin/users?q=stores')).json().items[0];
  expect(listed.storage).toEqual({ usedBytes: pdf.length, quotaBytes: defaultBytes, overrideBytes: null });

  const set = await admin.request('PATCH', `/api/admin/users/${userId}/storage-quota`, { quotaMb: 2 });
  expect(set.statusCode).toBe(200);
  expect(set.json()).toEqual({ usedBytes: pdf.length, quotaBytes: 2 * MB, overrideBytes: 2 * MB });
  expect((await admin.get(`/api/admin/users/${userId}`)).json().storage.quotaBytes).toBe(2 * MB);
  expect((await user.get('/api/documents/usage')).json()).toEqual({
    usedBytes: pdf.length,
    quotaBytes: 2 * MB,
  });

  const cleared = await admin.request('PATCH', `/api/admin/users/${userId}/storage-quota`, { quotaMb: null });
  expect(cleared.json().overrideBytes).toBeNull();
  expect((await user.get('/api/documents/usage')).json().quotaBytes).toBe(defaultBytes);
});

test('the quota is a whole number of megabytes, at least 1; only admins may set it', async () => {
  for (const quotaMb of [0, -1, 1.5, 'ten']) {
    const res = await admin.request('PATCH', `/api/admin/users/${userId}/storage-quota`, { quotaMb });
    expect(res.statusCode, String(quotaMb)).toBe(400);
  }
  expect(
    (await admin.request('PATCH', '/api/admin/users/999999/storage-quota', { quotaMb: 5 })).statusCode,
  ).toBe(404);
  expect(
    (await user.request('PATCH', `/api/admin/users/${userId}/storage-quota`, { quotaMb: 5000 })).statusCode,
  ).toBe(403);
});

test('the default quota and the upload rates are security settings', async () => {
  const current = (await admin.get('/api/admin/security-settings')).json();
  expect(current).toMatchObject({ storageQuotaMb: 500, uploadsPerUserPerHour: 60, uploadsPerIpPerHour: 120 });
  const saved = await admin.put('/api/admin/security-settings', {
    ...current,
    storageQuotaMb: 50,
    uploadsPerUserPerHour: 5,
  });
  expect(saved.statusCode).toBe(200);
  expect(ctx.app.limits).toMatchObject({ storageQuotaBytes: 50 * MB, uploadsPerUserPerHour: 5 });
  // A client that does not know the new fields keeps them as they are.
  const { storageQuotaMb: _q, uploadsPerUserPerHour: _u, uploadsPerIpPerHour: _i, ...older } = current;
  expect((await admin.put('/api/admin/security-settings', older)).json().storageQuotaMb).toBe(50);
  await admin.put('/api/admin/security-settings', current);
});

test("the signing requests' limits are security settings, in effect at once", async () => {
  const current = (await admin.get('/api/admin/security-settings')).json();
  expect(current).toMatchObject({
    signingRequestsPerUserPerHour: 30,
    signingCallsPerTokenPerHour: 300,
    signingCallsPerIpPerHour: 600,
    signingCodesPerRecipientPerHour: 5,
    signingMailsPerRecipientPerHour: 5,
  });
  const saved = await admin.put('/api/admin/security-settings', {
    ...current,
    signingRequestsPerUserPerHour: 3,
    signingMailsPerRecipientPerHour: 2,
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({
    signingRequestsPerUserPerHour: 3,
    signingMailsPerRecipientPerHour: 2,
  });
  expect(ctx.app.limits).toMatchObject({
    signingRequestsPerUserPerHour: 3,
    signingMailsPerRecipientPerHour: 2,
  });
  const zero = await admin.put('/api/admin/security-settings', { ...current, signingCallsPerIpPerHour: 0 });
  expect(zero.statusCode).toBe(400);
  // Left out: kept as stored.
  const { signingRequestsPerUserPerHour: _r, ...older } = current;
  expect((await admin.put('/api/admin/security-settings', older)).json().signingRequestsPerUserPerHour).toBe(
    3,
  );
  await admin.put('/api/admin/security-settings', current);
});
