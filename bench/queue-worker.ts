import Fastify from 'fastify';
import type Nodemailer from 'nodemailer';
import { createRequire } from 'node:module';
import { createDb } from '../src/server/db/kysely.ts';
import { systemClock } from '../src/server/lib/clock.ts';
import { JobQueue } from '../src/server/modules/jobs/job-queue.ts';
import { MailService } from '../src/server/modules/mail/mail.service.ts';

/**
 * One queue instance for bench/queue.ts, in a process of its own as a server would be: the real
 * mail service on the job queue, with a transport that hands each message over to nowhere.
 * QUEUE_DB: a postgres:// URL or a SQLite file. Messages: 'go' starts the queue, 'stop' ends it.
 */
const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
const target = process.env.QUEUE_DB!;
const { db, dialect } = target.startsWith('postgres')
  ? createDb({ databaseUrl: target })
  : createDb({ sqliteFile: target });
const log = Fastify({ logger: false }).log;
const jobs = new JobQueue(db, dialect, systemClock, log);
// the bench's mails carry no attachments
const mail = new MailService(
  db,
  systemClock,
  log,
  undefined,
  'Inkproof <bench@inkproof.test>',
  jobs,
  () => 'Inkproof',
  async () => null,
);
mail.useTransport(
  nodemailer.createTransport({
    name: 'noop',
    version: '1',
    send: (m, done) => done(null, { envelope: m.message.getEnvelope(), messageId: m.message.messageId() }),
  } as Parameters<typeof nodemailer.createTransport>[0]),
);

process.on('message', (m) => {
  if (m === 'go') jobs.start();
  if (m === 'stop') {
    void (async () => {
      await jobs.stop();
      await mail.close();
      await db.destroy();
      process.send!('stopped');
      process.exit(0);
    })();
  }
});
process.send!('ready');
