import { afterAll, beforeAll, expect, test } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
let admin: Agent;

beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.accounts.ensureFirstAdmin('answers-admin@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  expect((await admin.login('answers-admin@example.com', 'Adm1n!Password')).statusCode).toBe(200);
});
afterAll(() => ctx.close());

test('the activity filter offers every event the log records', async () => {
  const res = await admin.get('/api/admin/activities/events');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(expect.arrayContaining(['login', 'admin-action']));
});

test('the outbox lists mails kept while no SMTP server is set, newest first', async () => {
  const user = new Agent(ctx.app);
  user.ip = '192.0.2.40';
  await user.register('outbox-reader@example.com');
  const res = await admin.get('/api/admin/outbox?pageSize=5');
  expect(res.statusCode).toBe(200);
  const { items, total } = res.json();
  expect(total).toBeGreaterThanOrEqual(1);
  expect(items[0]).toEqual({
    id: expect.any(Number),
    to: 'outbox-reader@example.com',
    subject: expect.any(String),
    text: expect.any(String),
    createdAt: expect.any(String),
    error: null,
  });
});

test('the document summary counts documents by state', async () => {
  const res = await admin.get('/api/admin/documents/summary');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ total: 0, signed: 0, shared: 0, pending: 0, awaiting: 0, completed: 0 });
});

test('the blog editor lists drafts and opens a post by id', async () => {
  const created = await admin.post('/api/admin/blog', {
    title: 'Draft for the editor',
    content: 'Words to come.',
    published: false,
  });
  expect(created.statusCode).toBe(201);
  const { id } = created.json();
  const list = await admin.get('/api/admin/blog?q=editor');
  expect(list.statusCode).toBe(200);
  expect(list.json()).toMatchObject({ total: 1, items: [{ id, title: 'Draft for the editor' }] });
  const one = await admin.get(`/api/admin/blog/${id}`);
  expect(one.statusCode).toBe(200);
  expect(one.json()).toEqual({
    id,
    slug: 'draft-for-the-editor',
    title: 'Draft for the editor',
    excerpt: '',
    content: 'Words to come.',
    category: '',
    tags: [],
    featuredImage: '',
    published: false,
    publishedAt: null,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
    authorId: expect.any(Number),
  });
});

test('a diagnostics answer names the log level even when the server logs nothing', async () => {
  const res = await admin.get('/api/admin/diagnostics');
  expect(res.statusCode).toBe(200);
  expect(res.json().logLevel).toEqual(expect.any(String));
});
