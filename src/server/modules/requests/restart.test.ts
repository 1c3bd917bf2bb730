import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import { startSmtp } from '#server/test/smtp.ts';
import { freshDatabase, ManualClock, testConfig } from '#server/test/test-app.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import {
  body,
  mailedToken,
  mailsTo,
  owner,
  person,
  recipientAgent,
  requestJobs,
  send,
  subjectOf,
  uploaded,
  type Ctx,
} from '#server/test/requests.ts';
import { watchRequestPdf } from '#server/test/request-pdf-seam.ts';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

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

/** An instance on the file's one database; closing it is a restart (its timers and memory go). */
async function instance(): Promise<Ctx> {
  const app: App = await buildApp({
    config: testConfig({ smtpUrl: smtp.url }),
    db: { db: database.db, dialect: database.dialect },
    clock,
    logger: false,
  });
  await app.ready();
  return {
    app,
    clock,
    smtp,
    seam: watchRequestPdf(app),
    pdf: await simplePdf(2),
    png: await signaturePng(),
    scheduler: requestJobs(app),
    close: () => app.close(),
  };
}

test('reminders and the expiry set before a restart run after it: they are rows in the queue', async () => {
  const first = await instance();
  const ann = person('Ann Restart');
  const o = await owner(first);
  const docId = await uploaded(first, o.agent);
  await send(
    first,
    o.agent,
    docId,
    body([ann], {
      expiresAt: new Date(clock.now() + 5 * DAY).toISOString(),
      reminders: { firstAfterDays: 2, everyDays: 2 },
    }),
  );
  const token = await mailedToken(first, ann.email);
  const queued = await first.app.db
    .selectFrom('jobs')
    .select(['kind', 'status'])
    .where('kind', 'like', 'requests.%')
    .orderBy('kind')
    .execute();
  expect(queued).toEqual([
    { kind: 'requests.expire', status: 'queued' },
    { kind: 'requests.remind', status: 'queued' },
  ]);
  await first.close();

  const second = await instance();
  try {
    clock.advance(2 * DAY + MINUTE);
    await second.scheduler.runDue();
    const mails = await mailsTo(second, ann.email);
    expect(mails.map(subjectOf).at(-1)).toBe('Reminder: OlgaOwner asks you to sign "Lease agreement"');

    clock.advance(3 * DAY);
    await second.scheduler.runDue();
    expect((await recipientAgent(second.app).get(`/api/sign/${token}`)).statusCode).toBe(404);
    const ownerMails = await mailsTo(second, o.email);
    expect(subjectOf(ownerMails.at(-1)!)).toBe('The signing request for "Lease agreement" has expired');
    const request = await second.app.db
      .selectFrom('signing_requests')
      .select('status')
      .where('document_id', '=', docId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('expired');
    // Nothing of the request waits any more: no reminder after its end.
    const left = await second.app.db
      .selectFrom('jobs')
      .select('kind')
      .where('kind', 'like', 'requests.%')
      .where('status', '=', 'queued')
      .execute();
    expect(left).toEqual([]);
  } finally {
    await second.close();
  }
});
