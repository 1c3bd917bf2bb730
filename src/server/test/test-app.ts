import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import type { App } from '../app-types.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../env.ts';
import { createDb, type Db, type Dialect } from '../db/kysely.ts';
import { startSmtp } from './smtp.ts';

export const TEST_CAPTCHA = 'Tst9Zq';
export const TEST_ORIGIN = 'http://inkproof.test';

export class ManualClock {
  private offset = 0;
  now = () => Date.now() + this.offset;
  advance(ms: number) {
    this.offset += ms;
  }
}

/**
 * A fresh, empty database for one test file: a new SQLite file, or a new PostgreSQL schema when
 * TEST_DATABASE_URL is set. Returns its handle, a URL other processes can use, and a drop().
 */
export async function freshDatabase(): Promise<{
  db: Db;
  dialect: Dialect;
  databaseUrl?: string;
  sqliteFile?: string;
  drop: () => Promise<void>;
}> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${name}`);
    await admin.end();
    const { db, dialect } = createDb({ databaseUrl: pgUrl, pgSchema: name });
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${name}`);
    return {
      db,
      dialect,
      databaseUrl: url.toString(),
      drop: async () => {
        await db.destroy();
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema if exists ${name} cascade`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-test-'));
  const sqliteFile = path.join(dir, 'test.db');
  const { db, dialect } = createDb({ sqliteFile });
  return {
    db,
    dialect,
    sqliteFile,
    drop: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    publicUrl: TEST_ORIGIN,
    logLevel: 'silent',
    testCaptcha: TEST_CAPTCHA,
    webRoot: undefined,
    ...overrides,
  };
}

export interface TestContext {
  app: App;
  clock: ManualClock;
  close: () => Promise<void>;
}

export async function testApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const clock = new ManualClock();
  const app = await buildApp({
    config: testConfig(overrides),
    db: { db: database.db, dialect: database.dialect },
    clock,
    logger: false,
  });
  await app.ready();
  return {
    app,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** A test app whose mail goes to a real SMTP catcher (`smtp`); close() stops both. */
export async function testAppWithSmtp(overrides: Partial<Config> = {}) {
  const smtp = await startSmtp();
  const ctx = await testApp({ smtpUrl: smtp.url, ...overrides });
  return {
    ...ctx,
    smtp,
    close: async () => {
      await ctx.close();
      await smtp.close();
    },
  };
}
