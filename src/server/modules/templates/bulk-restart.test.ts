import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BulkSend } from '#shared/templates/bulk.ts';
import type { Template } from '#shared/templates/answers.ts';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import { Agent } from '#server/test/agent.ts';
import { upload } from '#server/test/documents.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { startSmtp } from '#server/test/smtp.ts';
import { freshDatabase, ManualClock, testConfig } from '#server/test/test-app.ts';
import { BULK_CHUNK } from './bulk.service.ts';

/**
 * A bulk send of 1,000 rows, its instance stopped in the middle and another started on the same
 * database. The moments a crash can fall between are set up as a killed run leaves them: a row
 * whose document was copied but had no request yet, a row whose request was made but not yet
 * counted, and the dead run's hold on the send. Every row is sent once: one request, one mail.
 */
const ROWS = 1000;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const clock = new ManualClock();

beforeAll(async () => {
  database = await freshDatabase();
  smtp = await startSmtp();
});
afterAll(async () => {
  await database.drop();
  await smtp.close();
});

async function instance(): Promise<App> {
  const app = await buildApp({
    config: testConfig({ smtpUrl: smtp.url }),
    db: { db: database.db, dialect: database.dialect },
    clock,
    logger: false,
  });
  await app.ready();
  return app;
}

const csv = [
  'Client name,Client email',
  ...Array.from({ length: ROWS }, (_, i) => `Client ${i},client-${i}@example.com`),
].join('\n');

test('a send resumed after a restart sends every row exactly once', { timeout: 600_000 }, async () => {
  const first = await instance();
  // This instance runs the send by hand, a chunk at a time, to stop it where a crash would.
  await first.jobs.stop();
  const agent = new Agent(first);
  expect(
    (await agent.register('bulk-owner@example.com', 'Str0ng!Pass', { username: 'BulkOwner' })).statusCode,
  ).toBe(201);
  const owner = await first.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'bulk-owner@example.com')
    .executeTakeFirstOrThrow();
  await first.db
    .updateTable('users')
    .set({ storage_quota_bytes: 1024 * 1024 * 1024 })
    .where('id', '=', owner.id)
    .execute();
  const made = await upload(
    first,
    agent,
    { name: 'Consent' },
    { filename: 'c.pdf', bytes: await simplePdf(1) },
    '/api/templates',
  );
  expect(made.statusCode, made.body).toBe(201);
  const t = made.json().template as Template;
  const saved = await agent.request('PATCH', `/api/templates/${t.id}`, {
    roles: [{ name: 'Client', role: 'signer' }],
    fields: [{ role: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } }],
    requireCode: false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const started = await agent.post(`/api/templates/${t.id}/bulk`, { csv });
  expect(started.statusCode, started.body).toBe(201);
  const bulk = started.json().bulk as BulkSend;

  // The first instance sends a few chunks…
  for (let i = 0; i < 3; i++) await first.bulk.run(bulk.id);
  const rows = await first.db
    .selectFrom('bulk_rows')
    .selectAll()
    .where('bulk_id', '=', bulk.id)
    .orderBy('n')
    .execute();
  const sentBefore = rows.filter((r) => r.status === 'sent').length;
  expect(sentBefore).toBe(3 * BULK_CHUNK);
  // …then dies in the middle of its next one: one row copied only, one sent but not counted.
  const [copiedOnly, madeNotCounted] = rows.filter((r) => r.status === 'pending');
  const usable = await first.templates.usable(owner.id, t.id);
  if (usable.kind !== 'ok') throw new Error(usable.kind);
  const actor = { name: 'BulkOwner <bulk-owner@example.com> (bulk send)', ip: null, userAgent: null };
  const sentEarly = await first.templates.send(
    owner,
    usable,
    { ...JSON.parse(madeNotCounted!.data), message: undefined },
    actor,
    {
      rowId: madeNotCounted!.id,
      documentId: null,
    },
  );
  expect(sentEarly.kind).toBe('ok');
  await first.documents.copy(
    owner.id,
    usable.fileId,
    { name: 'Consent', purpose: 'document' },
    1024 ** 3,
    (trx, doc) =>
      trx.updateTable('bulk_rows').set({ document_id: doc.id }).where('id', '=', copiedOnly!.id).execute(),
  );
  await first.db
    .updateTable('bulk_sends')
    .set({ lease_until: new Date(clock.now() + 60_000).toISOString() })
    .where('id', '=', bulk.id)
    .execute();
  await first.mail.flush();
  await first.close();

  // A new instance, after the dead run's hold ran out, finishes the send.
  clock.advance(5 * 60 * 1000);
  const second = await instance();
  try {
    await second.jobs.drain();
    const done = await second.bulk.get(owner.id, bulk.id);
    expect(done).toMatchObject({ status: 'completed', total: ROWS, sent: ROWS, failed: 0, pending: 0 });
    const requests = await second.db
      .selectFrom('signing_requests')
      .select(['bulk_row_id', 'document_id'])
      .where('user_id', '=', owner.id)
      .execute();
    expect(requests).toHaveLength(ROWS);
    expect(new Set(requests.map((r) => r.bulk_row_id)).size).toBe(ROWS);
    // The copy made before the crash was used, and no copy is left without its request.
    const docs = await second.db
      .selectFrom('documents')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('purpose', '=', 'document')
      .execute();
    expect(docs).toHaveLength(ROWS);
    const copiedRow = await second.db
      .selectFrom('bulk_rows')
      .selectAll()
      .where('id', '=', copiedOnly!.id)
      .executeTakeFirstOrThrow();
    expect(requests.find((r) => r.bulk_row_id === copiedOnly!.id)!.document_id).toBe(copiedRow.document_id);
    // One invitation per client, none twice.
    await second.mail.flush();
    const invited = smtp.received.flatMap((m) => m.to).filter((to) => to.startsWith('client-'));
    expect(invited).toHaveLength(ROWS);
    expect(new Set(invited).size).toBe(ROWS);
  } finally {
    await second.close();
  }
});
