import { afterAll, beforeAll, expect, test } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { upload } from '#server/test/documents.ts';
import { simplePdf } from '#server/test/pdfs.ts';

let ctx: TestContext;
let admin: Agent;
let user: Agent;
beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.accounts.ensureFirstAdmin('docs-admin@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  await admin.login('docs-admin@example.com', 'Adm1n!Password');
  user = new Agent(ctx.app);
  user.ip = '192.0.2.20';
  await user.register('docs-user@example.com');
});
afterAll(() => ctx.close());

test('uploads show in the dashboard counts and the report series', async () => {
  const res = await upload(
    ctx.app,
    user,
    { name: 'Lease' },
    { filename: 'lease.pdf', bytes: await simplePdf(2) },
  );
  expect(res.statusCode).toBe(201);
  const dash = (await admin.get('/api/admin/dashboard')).json();
  expect(dash.documents).toEqual({ total: 1, signed: 0, shared: 0, pending: 1, awaiting: 0, completed: 0 });
  const report = (await admin.get('/api/admin/reports')).json();
  expect(report.series.documentsUploaded.at(-1)).toBe(1);
  expect(report.series.documentsSigned.at(-1)).toBe(0);
  expect((await user.get('/api/admin/documents/summary')).statusCode).toBe(403);
});

test('diagnostics name the PDF signing certificate and when it expires', async () => {
  const d = (await admin.get('/api/admin/diagnostics')).json();
  expect(d.certificate).toMatchObject({ subject: expect.any(String), notAfter: expect.any(String) });
  expect(d.certificate.expiresInDays).toBeGreaterThan(300);
});
