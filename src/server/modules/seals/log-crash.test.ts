import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest } from '#server/db/migrate.ts';
import { freshDatabase } from '#server/test/test-app.ts';
import { LogStore } from './log-store.ts';
import { leafHashOf, MemoryTree } from './tree.ts';

const BATCH = 5000;
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
  await migrateToLatest(database.db, database.dialect);
});
afterAll(() => database.drop());

/**
 * Starts an appender, kills it with SIGKILL `delay` ms into its third batch; returns the sizes it
 * reported. The batch may still commit first on a fast machine: then the last line says so.
 */
async function killMidAppend(delay: number): Promise<{ committed: number[]; lastLine: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/modules/seals/append-child.ts'], {
    env: {
      ...process.env,
      BATCH: String(BATCH),
      ...(database.databaseUrl
        ? { DATABASE_URL: database.databaseUrl }
        : { SQLITE_FILE: database.sqliteFile! }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let errors = '';
  child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      lines.push(...d.toString().trim().split('\n'));
      // After two whole batches, kill in the middle of the next one.
      if (lines.filter((l) => l.startsWith('committed')).length >= 2 && lines.at(-1) === 'appending') {
        setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, delay);
      }
    });
    child.once('exit', (code) =>
      code === null ? resolve() : reject(new Error(`appender exited ${code}: ${errors}`)),
    );
  });
  await exited;
  return {
    committed: lines.filter((l) => l.startsWith('committed')).map((l) => Number(l.split(' ')[1])),
    lastLine: lines.at(-1)!,
  };
}

async function checkIntact(expectedSize: number) {
  const store = new LogStore(database.db);
  const state = await store.state();
  expect(state.size).toBe(expectedSize);
  const leaves = await database.db
    .selectFrom('log_leaves')
    .select(['idx', 'entry', 'leaf_hash'])
    .orderBy('idx')
    .execute();
  expect(leaves.length).toBe(state.size);
  expect(Number(leaves.at(-1)?.idx ?? -1)).toBe(state.size - 1);
  const tree = new MemoryTree();
  for (const l of leaves) {
    const h = leafHashOf(Buffer.from(l.entry));
    expect(Buffer.from(l.leaf_hash).equals(h)).toBe(true);
    tree.append(h);
  }
  expect(state.root.equals(tree.frontier.root())).toBe(true);
  const nodes = await database.db
    .selectFrom('log_nodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(nodes.n)).toBe(state.size - [...state.size.toString(2)].filter((b) => b === '1').length);
}

test('an appender killed with SIGKILL mid-batch leaves whole batches only; a restart continues', async () => {
  for (let kill = 0; kill < 2; kill++) {
    // 40 ms into a batch; when the batch commits sooner (its line came after all), again with half.
    let delay = 40;
    let { committed, lastLine } = await killMidAppend(delay);
    while (lastLine !== 'appending' && delay > 0) {
      delay = Math.floor(delay / 2);
      ({ committed, lastLine } = await killMidAppend(delay));
    }
    expect(lastLine).toBe('appending');
    const size = await new LogStore(database.db).state().then((s) => s.size);
    // Whole batches only (nothing half-written), at least everything the child saw committed.
    expect(size % BATCH).toBe(0);
    expect(size).toBeGreaterThanOrEqual(committed.at(-1)!);
    await checkIntact(size);
  }
  const store = new LogStore(database.db);
  const before = (await store.state()).size;
  const done = await store.append(['{"after":"restart"}', '{"after":"restart","n":2}']);
  expect(done.first).toBe(before);
  await checkIntact(before + 2);
}, 180_000);
