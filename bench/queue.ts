import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../src/server/db/kysely.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { iso } from '../src/server/lib/clock.ts';
import { verificationMail } from '../src/server/modules/mail/templates.ts';

/**
 * Queue throughput: mail jobs claimed and completed per second by the real mail service
 * on the job queue (no-op transport), one instance on SQLite and two on PostgreSQL, each instance
 * a process of its own. Baseline in the same run: a bare insert + update per job on the same
 * database, sequential, through the same driver: what a job costs at the least.
 * Goals: ≥ 500 jobs/s on SQLite, ≥ 200 jobs/s on PostgreSQL with two instances.
 */
const JOBS = Number(process.env.BENCH_QUEUE_JOBS ?? 3000);

export interface QueueResult {
  database: string;
  instances: number;
  jobsPerSecond: number;
  baselinePerSecond: number;
  goal: number;
}

async function baseline(db: Db, n: number): Promise<number> {
  const now = iso(Date.now());
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const { id } = await db
      .insertInto('jobs')
      .values({
        kind: 'bench.bare',
        payload: '{}',
        status: 'queued',
        run_at: now,
        max_attempts: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
  const perSecond = n / ((performance.now() - started) / 1000);
  await db.deleteFrom('jobs').where('kind', '=', 'bench.bare').execute();
  return perSecond;
}

function startWorker(target: string): Promise<ChildProcess> {
  const child = fork('bench/queue-worker.ts', [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, QUEUE_DB: target },
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`queue worker exited with ${code}`)));
  });
}

/** Enqueues the mails first (as the mail service does, one row each), then times the workers. */
async function throughput(db: Db, target: string, instances: number, n: number): Promise<number> {
  const workers = await Promise.all(Array.from({ length: instances }, () => startWorker(target)));
  const mail = verificationMail('https://inkproof.test/verify?token=bench');
  const now = iso(Date.now());
  const rows = Array.from({ length: n }, (_, i) => ({
    kind: 'mail.send',
    payload: JSON.stringify({ to: `bench${i}@example.com`, ...mail, link: 'x', createdAt: now }),
    status: 'queued' as const,
    run_at: now,
    max_attempts: 5,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('jobs')
      .values(rows.slice(i, i + 500))
      .execute();

  const started = performance.now();
  for (const w of workers) w.send('go');
  for (;;) {
    const { done } = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('done'))
      .where('status', '=', 'done')
      .where('kind', '=', 'mail.send')
      .executeTakeFirstOrThrow();
    if (Number(done) >= n) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const perSecond = n / ((performance.now() - started) / 1000);
  await Promise.all(
    workers.map((w) => new Promise<void>((r) => (w.once('message', () => r()), w.send('stop')))),
  );
  const left = await db.selectFrom('jobs').select('status').where('status', '!=', 'done').execute();
  if (left.length > 0) throw new Error(`${left.length} mail jobs not done`);
  await db.deleteFrom('jobs').execute();
  return perSecond;
}

async function onSqlite(): Promise<QueueResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-queue-'));
  const file = path.join(dir, 'queue.db');
  const { db, dialect } = createDb({ sqliteFile: file });
  try {
    await migrateToLatest(db, dialect);
    const baselinePerSecond = await baseline(db, JOBS);
    const jobsPerSecond = await throughput(db, file, 1, JOBS);
    return { database: 'SQLite', instances: 1, jobsPerSecond, baselinePerSecond, goal: 500 };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(url: string): Promise<QueueResult> {
  const schema = `bench_queue_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const { db, dialect } = createDb({ databaseUrl: url, pgSchema: schema });
  const target = new URL(url);
  target.searchParams.set('options', `-c search_path=${schema}`);
  try {
    await migrateToLatest(db, dialect);
    const baselinePerSecond = await baseline(db, JOBS);
    const jobsPerSecond = await throughput(db, target.toString(), 2, JOBS);
    return { database: 'PostgreSQL', instances: 2, jobsPerSecond, baselinePerSecond, goal: 200 };
  } finally {
    await db.destroy();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

export async function benchQueue(): Promise<QueueResult[]> {
  const results = [await onSqlite()];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) results.push(await onPostgres(pgUrl));
  console.log(`\n## queue: ${JOBS} mail jobs claimed and completed, no-op transport`);
  for (const r of results) {
    const verdict = r.jobsPerSecond >= r.goal ? 'meets' : 'MISSES';
    console.log(
      `${`${r.database}, ${r.instances} instance${r.instances > 1 ? 's' : ''}`.padEnd(26)} ${r.jobsPerSecond.toFixed(0).padStart(6)} jobs/s` +
        `  baseline insert+update ${r.baselinePerSecond.toFixed(0).padStart(6)}/s  ratio ${(r.jobsPerSecond / r.baselinePerSecond).toFixed(2)}` +
        `  (${verdict} the goal of ${r.goal}/s)`,
    );
  }
  if (!pgUrl) console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  return results;
}
