import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, type Db } from './db/kysely.ts';
import { HttpAgent, startServerProcess } from './test/server-process.ts';
import { signUpOverHttp } from './test/sign-up-over-http.ts';
import { freshDatabase, TEST_CAPTCHA } from './test/test-app.ts';

/**
 * Two real server processes on one database behave as one service. On PostgreSQL when
 * TEST_DATABASE_URL is set (the scale-out store), otherwise on one shared SQLite file.
 */
let a: Awaited<ReturnType<typeof startServerProcess>>;
let b: Awaited<ReturnType<typeof startServerProcess>>;
let cleanup: () => Promise<void>;
/** The shared database, read directly for the sign-up mails a server without SMTP keeps in its outbox. */
let db: Db;

beforeAll(async () => {
  let env: Record<string, string>;
  if (process.env.TEST_DATABASE_URL) {
    const database = await freshDatabase();
    env = { DATABASE_URL: database.databaseUrl! };
    db = database.db;
    cleanup = database.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-scale-'));
    env = { DATA_DIR: dir };
    db = createDb({ sqliteFile: path.join(dir, 'inkproof.db') }).db;
    cleanup = async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  env.INKPROOF_TEST_CAPTCHA = TEST_CAPTCHA;
  env.ADMIN_PASSWORD = 'Adm1n!Password';
  a = await startServerProcess(env);
  b = await startServerProcess(env);
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await cleanup?.();
});

const PASSWORD = 'Str0ng!Pass';

test('a session made on one instance is valid on the other', async () => {
  const onA = new HttpAgent(a.base);
  expect((await signUpOverHttp(onA, db, 'scale@example.com', PASSWORD)).status).toBe(200);
  onA.base = b.base;
  const me = await onA.fetch('/api/user');
  expect(me.status).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe('scale@example.com');
  // and a state change on B accepts the CSRF token A issued
  const profile = await onA.fetch('/api/user/profile', {
    method: 'PUT',
    body: { name: 'Scaled', email: 'scale@example.com' },
  });
  expect(profile.status).toBe(200);
});

test('a CAPTCHA issued by one instance is checked by the other, once', async () => {
  const agent = new HttpAgent(a.base);
  await agent.fetch('/api/captcha?purpose=login');
  agent.base = b.base;
  const login = await agent.fetch('/api/login', {
    method: 'POST',
    body: { email: 'scale@example.com', password: PASSWORD, captcha: TEST_CAPTCHA },
  });
  expect(login.status).toBe(200);
  agent.base = a.base;
  const replay = await agent.fetch('/api/login', {
    method: 'POST',
    body: { email: 'scale@example.com', password: PASSWORD, captcha: TEST_CAPTCHA },
  });
  expect(replay.status).toBe(400);
});

test('login throttling counts failed attempts made on both instances', async () => {
  const agent = new HttpAgent(a.base);
  for (let i = 0; i < 5; i++) {
    agent.base = i % 2 ? b.base : a.base;
    await agent.fetch('/api/captcha?purpose=login');
    const res = await agent.fetch('/api/login', {
      method: 'POST',
      body: { email: 'scale@example.com', password: 'Wrong!Pass1', captcha: TEST_CAPTCHA },
    });
    expect(res.status).toBe(401);
  }
  for (const base of [a.base, b.base]) {
    agent.base = base;
    await agent.fetch('/api/captcha?purpose=login');
    const res = await agent.fetch('/api/login', {
      method: 'POST',
      body: { email: 'scale@example.com', password: PASSWORD, captcha: TEST_CAPTCHA },
    });
    expect(res.status).toBe(429);
  }
});

test('logging out on one instance ends the session on the other', async () => {
  const agent = new HttpAgent(a.base);
  expect((await signUpOverHttp(agent, db, 'scale2@example.com', PASSWORD)).status).toBe(200);
  const stale = new HttpAgent(b.base);
  stale.cookie = agent.cookie;
  expect((await stale.fetch('/api/user')).status).toBe(200);
  expect((await agent.fetch('/api/logout', { method: 'POST' })).status).toBe(204);
  expect((await stale.fetch('/api/user')).status).toBe(401);
});
