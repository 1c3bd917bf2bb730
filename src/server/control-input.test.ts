import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTROL_MESSAGE, LINES_CONTROL_MESSAGE } from '#shared/text.ts';
import { upload } from '#server/test/documents.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { body, person } from '#server/test/requests.ts';
import { Agent } from './test/agent.ts';
import { signaturePng } from './test/fixtures.ts';
import { testApp, type TestContext } from './test/test-app.ts';

/**
 * C0 and C1 control characters in names and one-line texts would be printed into PDFs and mails
 * as they are: every such field refuses them; texts of several lines keep line breaks and tabs
 * only. Run with TEST_DATABASE_URL for PostgreSQL.
 */
let ctx: TestContext;
let admin: Agent;
let user: Agent;
let png: string;
let pdf: Buffer;
beforeAll(async () => {
  ctx = await testApp();
  [png, pdf] = await Promise.all([signaturePng(), simplePdf(1)]);
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = Object.assign(new Agent(ctx.app), { ip: '192.0.2.60' });
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
  user = Object.assign(new Agent(ctx.app), { ip: '192.0.2.61' });
  expect((await user.register('control-user@example.com')).statusCode).toBe(201);
});
afterAll(() => ctx.close());

async function documentId() {
  const res = await upload(ctx.app, user, { name: 'Lease' }, { filename: 'lease.pdf', bytes: pdf });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

type Probe = (text: string) => Promise<{ statusCode: number; json: () => any }>;

const oneLine: [string, Probe][] = [
  [
    'recipient name',
    async (text) => user.post(`/api/documents/${await documentId()}/requests`, body([person(`Ann${text}`)])),
  ],
  ['signer name', (text) => user.post('/api/signatures', { signatureData: png, signerName: `A${text}B` })],
  [
    'reference data',
    (text) => user.post('/api/signatures', { signatureData: png, additionalData: `Lease ${text}` }),
  ],
  [
    'profile name',
    (text) => user.put('/api/user/profile', { name: `Ann${text}`, email: 'control-user@example.com' }),
  ],
  [
    'document name (a multipart field)',
    (text) => upload(ctx.app, user, { name: `Con${text}tract` }, { filename: 'c.pdf', bytes: pdf }),
  ],
  [
    'blog title',
    (text) => admin.post('/api/admin/blog', { title: `Title ${text}`, content: 'Body of the post.' }),
  ],
];

describe('names and one-line texts refuse control characters with 400', () => {
  for (const [label, text] of [
    ['C0 and DEL', '\x01\x02\x1b\x7f'],
    ['C1 (NEL)', '\u0085'],
    ['a line break', 'a\nb'],
  ] as const) {
    test.each(oneLine)(`%s: ${label}`, async (_name, probe) => {
      const res = await probe(text);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CONTROL_MESSAGE);
    });
  }

  test('the same names without them are accepted', async () => {
    expect((await oneLine[0]![1]('Lee')).statusCode).toBe(201);
    expect((await oneLine[1]![1]('Lee')).statusCode).toBe(201);
    expect((await oneLine[3]![1]('Lee')).statusCode).toBe(200);
  });
});

describe('texts of several lines keep line breaks and tabs only', () => {
  const message = async (text: string) =>
    user.post(`/api/documents/${await documentId()}/requests`, body([person('Ann Lee')], { message: text }));

  test.each([['\x1b[31m'], ['\u0085'], ['\r\n']])('a request message with %j: 400', async (text) => {
    const res = await message(`Please sign.${text}Thanks`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LINES_CONTROL_MESSAGE);
  });

  test('a request message with line breaks and tabs is kept as written', async () => {
    const res = await message('Please sign.\n\tThanks');
    expect(res.statusCode).toBe(201);
    expect(res.json().request.message).toBe('Please sign.\n\tThanks');
  });
});
