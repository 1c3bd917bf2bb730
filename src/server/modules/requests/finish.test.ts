import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import { createDb } from '#server/db/kysely.ts';
import { startSmtp } from '#server/test/smtp.ts';
import { freshDatabase, ManualClock, testConfig } from '#server/test/test-app.ts';
import { getBytes } from '#server/test/documents.ts';
import { verifyWithInstance } from '#server/test/seal-keys.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { watchRequestPdf } from '#server/test/request-pdf-seam.ts';
import { COMPLETION_RETRY_MS } from './finish.ts';
import {
  body,
  mailedToken,
  owner,
  person,
  recipientAgent,
  requestsTestApp,
  send,
  signAs,
  uploaded,
  type Ctx,
} from '#server/test/requests.ts';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/** Resolves once the condition holds (polled), so a test can wait for work in flight. */
async function until(condition: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function state(app: App, requestId: number) {
  const request = await app.db
    .selectFrom('signing_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const recipients = await app.db
    .selectFrom('signing_recipients')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('position')
    .execute();
  const revisions = await app.db
    .selectFrom('signing_revisions')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('number')
    .execute();
  const signatures = await app.db
    .selectFrom('signatures')
    .select('id')
    .where('request_id', '=', requestId)
    .execute();
  return { request, recipients, revisions, signatures };
}

describe('parallel finishes', () => {
  test('three signers finishing at the same moment all land in the file, one revision each', async () => {
    const o = await owner(ctx);
    const docId = await uploaded(ctx, o.agent);
    const signers = [person('Pat One'), person('Pat Two'), person('Pat Three')];
    const request = await send(ctx, o.agent, docId, body(signers, { order: 'parallel' }));
    const tokens = await Promise.all(signers.map((s) => mailedToken(ctx, s.email)));
    const browsers = tokens.map(() => recipientAgent(ctx.app));
    const views = await Promise.all(tokens.map((t, i) => browsers[i]!.get(`/api/sign/${t}`)));

    // Hold every stamp until all three work on the same revision: only one can land on it.
    let release!: () => void;
    ctx.seam.hold = new Promise<void>((r) => (release = r));
    const before = ctx.seam.stamps.length;
    const finishing = tokens.map((t, i) =>
      browsers[i]!.post(`/api/sign/${t}/complete`, {
        values: [{ fieldId: views[i]!.json().fields[0].id, kind: 'image', image: ctx.png }],
      }),
    );
    await until(() => ctx.seam.stamps.length - before >= 3);
    expect(
      ctx.seam.stamps.slice(before).every((s) => s.file.length === 1 && s.file[0]!.length === ctx.pdf.length),
    ).toBe(true);
    ctx.seam.hold = null;
    release();
    const answers = await Promise.all(finishing);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().lastOne)).toHaveLength(1);
    // The two that lost a race stamped again on the newer revision.
    expect(ctx.seam.stamps.length - before).toBeGreaterThanOrEqual(5);

    const s = await state(ctx.app, request.id);
    expect(s.request.status).toBe('completed');
    expect(s.revisions.map((r) => r.number)).toEqual([1, 2, 3]);
    expect(s.signatures).toHaveLength(3);
    const final = await getBytes(ctx.app, o.agent, `/api/documents/${docId}/download`);
    // Each signer's revision once, each a prefix of the final file.
    expect(s.revisions.map((r) => r.label).sort()).toEqual(signers.map((p) => `Signed by ${p.name}`).sort());
    for (const r of s.revisions) expect(sha(final.bytes.subarray(0, r.size))).toBe(r.sha256);
  });

  // Several instances share one PostgreSQL: the compare-and-set on the request row must hold
  // across connections, not only inside one process. (One process cannot hold two SQLite
  // connections writing at once: better-sqlite3 waits for the lock synchronously, on the very
  // thread the other connection needs; SQLite instances are separate processes.)
  test.skipIf(!process.env.TEST_DATABASE_URL)(
    'two instances on one PostgreSQL: finishes through each land, neither is lost',
    async () => {
      const database = await freshDatabase();
      const smtp = await startSmtp();
      const clock = new ManualClock();
      const config = testConfig({ smtpUrl: smtp.url });
      const second = createDb({ databaseUrl: database.databaseUrl! });
      const a = await buildApp({
        config,
        db: { db: database.db, dialect: database.dialect },
        clock,
        logger: false,
      });
      const b = await buildApp({ config, db: second, clock, logger: false });
      try {
        const seams = [watchRequestPdf(a), watchRequestPdf(b)];
        const local = {
          ...ctx,
          app: a,
          smtp,
          seam: seams[0]!,
          pdf: await simplePdf(2),
          png: await signaturePng(),
        };
        const o = await owner(local);
        const docId = await uploaded(local, o.agent);
        const signers = [person('Ina A'), person('Ina B')];
        const request = await send(local, o.agent, docId, body(signers, { order: 'parallel' }));
        const tokens = await Promise.all(signers.map((s) => mailedToken(local, s.email)));
        const apps = [a, b];
        const browsers = apps.map((app) => recipientAgent(app));
        const views = await Promise.all(tokens.map((t, i) => browsers[i]!.get(`/api/sign/${t}`)));
        let release!: () => void;
        const hold = new Promise<void>((r) => (release = r));
        for (const s of seams) s.hold = hold;
        const finishing = tokens.map((t, i) =>
          browsers[i]!.post(`/api/sign/${t}/complete`, {
            values: [{ fieldId: views[i]!.json().fields[0].id, kind: 'image', image: local.png }],
          }),
        );
        await until(() => seams.every((s) => s.stamps.length >= 1));
        for (const s of seams) s.hold = null;
        release();
        expect((await Promise.all(finishing)).map((r) => r.statusCode)).toEqual([200, 200]);
        const s = await state(a, request.id);
        expect(s.request.status).toBe('completed');
        expect(s.revisions.map((r) => r.number)).toEqual([1, 2]);
        const final = await getBytes(a, o.agent, `/api/documents/${docId}/download`);
        expect(s.revisions.map((r) => r.label).sort()).toEqual(
          signers.map((p) => `Signed by ${p.name}`).sort(),
        );
        for (const r of s.revisions) expect(sha(final.bytes.subarray(0, r.size))).toBe(r.sha256);
      } finally {
        await a.close();
        await b.close();
        await second.db.destroy();
        await database.drop();
        await smtp.close();
      }
    },
  );
});

describe('a server dying during a finish', () => {
  test('leaves the previous revision intact, and the recipient can finish again', async () => {
    const o = await owner(ctx);
    const docId = await uploaded(ctx, o.agent);
    const first = person('Kim First');
    const second = person('Kim Second');
    const request = await send(ctx, o.agent, docId, body([first, second]));
    expect((await signAs(ctx, await mailedToken(ctx, first.email))).statusCode).toBe(200);
    const landed = await state(ctx.app, request.id);
    const revisionOne = Buffer.concat(await ctx.app.documents.files.revision(docId));
    expect(sha(revisionOne)).toBe(landed.revisions[0]!.sha256);

    const token = await mailedToken(ctx, second.email);
    const browser = recipientAgent(ctx.app);
    ctx.seam.failStamp = 1;
    const died = await signAs(ctx, token, browser);
    expect(died.statusCode).toBe(500);
    expect(died.body).not.toContain('killed');

    const after = await state(ctx.app, request.id);
    expect(after.request.revision).toBe(1);
    expect(after.recipients.map((r) => r.status)).toEqual(['signed', 'opened']);
    expect(after.revisions).toHaveLength(1);
    expect(after.signatures).toHaveLength(1);
    expect(Buffer.concat(await ctx.app.documents.files.revision(docId)).equals(revisionOne)).toBe(true);
    expect((await browser.get(`/api/sign/${token}`)).statusCode).toBe(200);

    const again = await signAs(ctx, token, browser);
    expect(again.statusCode).toBe(200);
    expect(again.json().lastOne).toBe(true);
    const done = await state(ctx.app, request.id);
    expect(done.request.status).toBe('completed');
    expect(done.revisions.map((r) => r.number)).toEqual([1, 2]);
  });

  test('a seal that fails after the last finish is retried by the completion job', async () => {
    const o = await owner(ctx);
    const docId = await uploaded(ctx, o.agent);
    const only = person('Lou Last');
    const request = await send(ctx, o.agent, docId, body([only]));
    ctx.seam.failSeal = 1;
    const res = await signAs(ctx, await mailedToken(ctx, only.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().lastOne).toBe(true);
    const pendingSeal = await state(ctx.app, request.id);
    expect(pendingSeal.request.status).toBe('active');
    expect(pendingSeal.recipients[0]!.status).toBe('signed');
    expect((await o.agent.get(`/api/documents/${docId}`)).json().status).toBe('awaiting');
    expect(await ctx.scheduler.has(`requests.complete:${request.id}`)).toBe(true);

    ctx.clock.advance(COMPLETION_RETRY_MS);
    await ctx.scheduler.runDue();
    expect((await state(ctx.app, request.id)).request.status).toBe('completed');
    const doc = (await o.agent.get(`/api/documents/${docId}`)).json();
    expect(doc.status).toBe('completed');
    // The documents list and detail give the sealed file's pages: the signed ones and the audit trail.
    const sealed = await getBytes(ctx.app, o.agent, `/api/documents/${docId}/download`);
    const pages = (await PDFDocument.load(sealed.bytes)).getPageCount();
    expect(pages).toBeGreaterThan(doc.pageCount);
    expect(doc.signedPageCount).toBe(pages);
    // A look-up by reference answers with the seal the audit pages carry, naming the original upload.
    const byRef = (await o.agent.get(`/api/documents/reference/${doc.reference}`)).json();
    expect(await verifyWithInstance(ctx.app, byRef.sealedLink, 'document')).toMatchObject({
      status: 'proven',
      claims: { reference: doc.reference, subjectHash: byRef.originalSha256 },
    });
    // Running the job again changes nothing.
    await ctx.app.requests.deps.scheduler.schedule(
      'requests.complete',
      { requestId: request.id },
      0,
      'again',
    );
    await ctx.scheduler.runDue();
    expect((await o.agent.get(`/api/documents/${docId}`)).json().signedSha256).toBe(doc.signedSha256);
  });
});

describe('revisions stored as increments (decision 035)', () => {
  const filesOf = (app: App, docId: number) =>
    app.db
      .selectFrom('files')
      .select(['kind', 'bytes', 'sha256', 'size'])
      .where('document_id', '=', docId)
      .orderBy('id')
      .execute();

  test('each finish stores only what it appended; the parts join into the revision the recipients get', async () => {
    const o = await owner(ctx);
    const docId = await uploaded(ctx, o.agent);
    const signers = [person('Ida One'), person('Ida Two'), person('Ida Three')];
    const request = await send(ctx, o.agent, docId, body(signers));
    for (const s of signers.slice(0, 2))
      expect((await signAs(ctx, await mailedToken(ctx, s.email))).statusCode).toBe(200);
    const { revisions } = await state(ctx.app, request.id);
    const files = await filesOf(ctx.app, docId);
    expect(files.map((f) => f.kind)).toEqual(['original', 'revision-1', 'revision-2']);
    // Each increment is exactly the growth of the file, under its own hash.
    expect(files[1]!.size).toBe(revisions[0]!.size - ctx.pdf.length);
    expect(files[2]!.size).toBe(revisions[1]!.size - revisions[0]!.size);
    for (const f of files) expect(sha(f.bytes)).toBe(f.sha256);
    expect(sha(Buffer.concat(files.slice(0, 2).map((f) => f.bytes)))).toBe(revisions[0]!.sha256);
    const joined = Buffer.concat(files.map((f) => f.bytes));
    expect(sha(joined)).toBe(revisions[1]!.sha256);
    // The third signer downloads the joined file, and the seal after their finish covers it.
    const third = await mailedToken(ctx, signers[2]!.email);
    const browser = recipientAgent(ctx.app);
    expect((await browser.get(`/api/sign/${third}`)).statusCode).toBe(200);
    const file = await getBytes(ctx.app, browser, `/api/sign/${third}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.bytes.equals(joined)).toBe(true);
    expect((await signAs(ctx, third, browser)).json().lastOne).toBe(true);
    expect((await state(ctx.app, request.id)).request.status).toBe('completed');
    // Completed: the parts are gone, the sealed whole is kept.
    expect((await filesOf(ctx.app, docId)).map((f) => f.kind)).toEqual(['original', 'signed']);
  });

  test('a request open across the upgrade (a whole revision stored) carries on from it', async () => {
    const o = await owner(ctx);
    const docId = await uploaded(ctx, o.agent);
    const [first, second] = [person('Ola One'), person('Ola Two')];
    const request = await send(ctx, o.agent, docId, body([first, second]));
    expect((await signAs(ctx, await mailedToken(ctx, first.email))).statusCode).toBe(200);
    // As the server kept it before decision 035: the whole first revision, of kind 'revision'.
    const whole = Buffer.concat(await ctx.app.documents.files.revision(docId));
    await ctx.app.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('files')
        .where('document_id', '=', docId)
        .where('kind', '=', 'revision-1')
        .execute();
      await trx
        .insertInto('files')
        .values({
          document_id: docId,
          kind: 'revision',
          bytes: whole,
          sha256: sha(whole),
          size: whole.length,
          created_at: new Date().toISOString(),
        })
        .execute();
    });
    const res = await signAs(ctx, await mailedToken(ctx, second.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().lastOne).toBe(true);
    const done = await state(ctx.app, request.id);
    expect(done.request.status).toBe('completed');
    expect(done.revisions[1]!.size).toBeGreaterThan(whole.length);
    const sealed = await getBytes(ctx.app, o.agent, `/api/documents/${docId}/download`);
    expect(sealed.bytes.subarray(0, whole.length).equals(whole)).toBe(true);
    expect(sha(sealed.bytes.subarray(0, done.revisions[1]!.size))).toBe(done.revisions[1]!.sha256);
    expect((await filesOf(ctx.app, docId)).map((f) => f.kind)).toEqual(['original', 'signed']);
  });

  test('a lost increment is caught before anything is stamped on a wrong file', async () => {
    const o = await owner(ctx);
    const docId = await uploaded(ctx, o.agent);
    const [first, second, third] = [person('Uma One'), person('Uma Two'), person('Uma Three')];
    const request = await send(ctx, o.agent, docId, body([first, second, third], { order: 'parallel' }));
    expect((await signAs(ctx, await mailedToken(ctx, first.email))).statusCode).toBe(200);
    await ctx.app.db
      .deleteFrom('files')
      .where('document_id', '=', docId)
      .where('kind', '=', 'revision-1')
      .execute();
    const res = await signAs(ctx, await mailedToken(ctx, second.email));
    expect(res.statusCode).toBe(500);
    const after = await state(ctx.app, request.id);
    expect(after.request.revision).toBe(1);
    expect(after.revisions).toHaveLength(1);
    expect((await filesOf(ctx.app, docId)).map((f) => f.kind)).toEqual(['original']);
  });
});
