import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hash } from '@node-rs/argon2';
import { createDb, type Db } from '../src/server/db/kysely.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { HttpAgent, startServerProcess } from '../src/server/test/server-process.ts';

const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
const ACTIVITY = Number(process.env.BENCH_ADMIN_ACTIVITY ?? 1_000_000);
const PAGE_VIEWS = Number(process.env.BENCH_ADMIN_PAGE_VIEWS ?? 1_000_000);
const RUNS = 7;
const TARGET_MS = 200;
const DAY = 86_400_000;

async function insertMany<T>(
  db: Db,
  table: 'users' | 'activity_log' | 'page_views',
  total: number,
  row: (i: number) => T,
) {
  for (let i = 0; i < total; i += 2000) {
    const rows = Array.from({ length: Math.min(2000, total - i) }, (_, j) => row(i + j));
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
  }
}

/** 100,000 users, 1,000,000 activity rows and 1,000,000 page views over the last 90 days. */
async function seed(db: Db) {
  const passwordHash = await hash('Adm1n!Password');
  const now = Date.now();
  const at = (i: number, n: number) => new Date(now - Math.floor((i / n) * 90 * DAY)).toISOString();
  await insertMany(db, 'users', USERS, (i) => ({
    email: i === 0 ? 'bench-admin@example.com' : `user${i}@example.com`,
    name: `User ${i}`,
    password_hash: passwordHash,
    role: i === 0 ? 'admin' : 'user',
    email_verified_at: at(i, USERS),
    created_at: at(USERS - i, USERS),
    updated_at: at(USERS - i, USERS),
    last_login: at(i, USERS),
    login_count: i % 50,
  }));
  const events = ['login', 'login-failed', 'logout', 'signature-created', 'profile-changed', 'admin-action'];
  await insertMany(db, 'activity_log', ACTIVITY, (i) => ({
    user_id: (i % USERS) + 1,
    event: events[i % events.length],
    ip: `198.51.${(i >> 8) % 256}.${i % 256}`,
    detail: `event ${i}`,
    created_at: at(ACTIVITY - i, ACTIVITY),
  }));
  const paths = [
    '/',
    '/signature',
    '/verify-signature',
    '/about',
    '/use-cases',
    '/blog',
    '/blog/a-post',
    '/auth',
  ];
  await insertMany(db, 'page_views', PAGE_VIEWS, (i) => ({
    path: paths[i % paths.length],
    referrer_host: i % 3 ? null : 'news.example.org',
    visitor: `v${i % 5000}`,
    created_at: at(PAGE_VIEWS - i, PAGE_VIEWS),
  }));
  // what the batched counters would have written for those page views
  const daily = new Map<string, number>();
  for (let i = 0; i < PAGE_VIEWS; i++) {
    const key = `${at(PAGE_VIEWS - i, PAGE_VIEWS).slice(0, 10)}|pageview:${paths[i % paths.length]}`;
    daily.set(key, (daily.get(key) ?? 0) + 1);
  }
  const rows = [...daily].map(([k, count]) => ({ day: k.split('|')[0]!, metric: k.split('|')[1]!, count }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('daily_stats')
      .values(rows.slice(i, i + 500))
      .execute();
}

const CALLS = [
  '/api/admin/dashboard',
  '/api/admin/users',
  '/api/admin/users?q=user4242&sort=email&dir=asc',
  '/api/admin/users?page=2000&sort=lastLogin',
  '/api/admin/signatures',
  '/api/admin/activities',
  '/api/admin/activities?event=login-failed',
  '/api/admin/activities?q=198.51.7',
  '/api/admin/activities?page=5000',
  '/api/admin/reports',
  '/api/admin/reports?from=2026-01-01&to=2026-12-31',
  '/api/admin/reports/export',
  '/api/admin/ip-tracking',
  '/api/admin/support-messages',
];

async function measureAll(label: string, env: Record<string, string>) {
  const app = await startServerProcess({ ...env, LOG_LEVEL: 'warn', INKPROOF_TEST_CAPTCHA: 'Bench1' });
  try {
    const agent = new HttpAgent(app.base);
    await agent.fetch('/api/captcha?purpose=login');
    const login = await agent.fetch('/api/login', {
      method: 'POST',
      body: { email: 'bench-admin@example.com', password: 'Adm1n!Password', captcha: 'Bench1' },
    });
    if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
    console.log(
      `\n## admin lists on ${label}: ${USERS} users, ${ACTIVITY} activity rows, ${PAGE_VIEWS} page views`,
    );
    for (const url of CALLS) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = await agent.fetch(url);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        times.push(performance.now() - t);
      }
      const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
      console.log(
        `${url.padEnd(52)} median ${median.toFixed(1).padStart(7)} ms  ${median < TARGET_MS ? 'ok' : 'OVER 200 ms'}`,
      );
    }
  } finally {
    await app.stop();
  }
}

/** Each admin list and report answers under 200 ms on large data (SQLite, and PostgreSQL when set). */
export async function benchAdmin() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-admin-'));
  try {
    const sqlite = createDb({ sqliteFile: path.join(dir, 'inkproof.db') });
    await migrateToLatest(sqlite.db, sqlite.dialect);
    let t = Date.now();
    await seed(sqlite.db);
    await sqlite.db.destroy();
    console.log(`\nseeded SQLite in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    await measureAll('SQLite', { DATA_DIR: dir });

    const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!pgUrl) {
      console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too');
      return;
    }
    const schema = `bench_admin_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    try {
      const pgDb = createDb({ databaseUrl: pgUrl, pgSchema: schema });
      await migrateToLatest(pgDb.db, pgDb.dialect);
      t = Date.now();
      await seed(pgDb.db);
      await admin.query(`analyze`);
      await pgDb.db.destroy();
      console.log(`\nseeded PostgreSQL in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      await measureAll('PostgreSQL', { DATABASE_URL: url.toString() });
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
