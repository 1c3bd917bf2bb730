import Fastify from 'fastify';
import { createDb } from '#server/db/kysely.ts';
import { systemClock } from '#server/lib/clock.ts';
import { JobQueue } from '#server/modules/jobs/job-queue.ts';

/**
 * An instance that claims one `test.restart` job, says so to its parent and hangs in it until the
 * parent kills it: the state a crashed instance leaves behind (jobs-instances.test.ts).
 * Argument: a postgres:// URL or a SQLite file.
 */
const target = process.argv[2]!;
const { db, dialect } = target.startsWith('postgres')
  ? createDb({ databaseUrl: target })
  : createDb({ sqliteFile: target });
const queue = new JobQueue(db, dialect, systemClock, Fastify({ logger: false }).log, {
  workerId: 'doomed-worker',
});
queue.register('test.restart', () => {
  process.send?.('running');
  return new Promise<void>(() => undefined);
});
queue.start();
