import { createDb } from '#server/db/kysely.ts';
import { LogStore } from './log-store.ts';

/**
 * A process that appends to the log in large batches until it is killed (log-crash.test.ts):
 * prints `appending` before each batch and `committed <size>` after it.
 */
const { db } = process.env.DATABASE_URL
  ? createDb({ databaseUrl: process.env.DATABASE_URL })
  : createDb({ sqliteFile: process.env.SQLITE_FILE! });
const store = new LogStore(db);
const batch = Number(process.env.BATCH ?? 1000);
for (let round = 0; ; round++) {
  const entries = Array.from({ length: batch }, (_, i) => `{"pid":${process.pid},"round":${round},"i":${i}}`);
  process.stdout.write('appending\n');
  const done = await store.append(entries);
  process.stdout.write(`committed ${done.size}\n`);
}
