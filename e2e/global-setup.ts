import fs from 'node:fs';
import http from 'node:http';
import type { FullConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../src/server/db/kysely.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { defaultLimits } from '../src/server/lib/limits.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { startSmtp } from '../src/server/test/smtp.ts';

export const E2E_CAPTCHA = 'E2eCap';
export const E2E_ADMIN = { email: 'admin@example.com', password: 'Adm1n!Password' };

/**
 * Starts an SMTP catcher (its mails readable over HTTP by the test workers) and, for each test
 * worker, the built app the way `npm start` runs it, on a free port with a fresh SQLite database.
 * A worker drives only its own server (playwright.config.ts picks it by the worker's slot), so a
 * test that changes a site-wide setting (the session timeout, the look-up limits, the site name)
 * cannot disturb a test running beside it in another worker.
 */
export default async function globalSetup(config: FullConfig) {
  if (!fs.existsSync('/usr/bin/chromium')) {
    throw new Error(
      'Browser tests need Debian chromium at /usr/bin/chromium: run `apt-get update && apt-get install -y chromium`',
    );
  }
  // E2E_WEB_ROOT lets several builds coexist (default: what `npm run build` writes).
  const webRoot = process.env.E2E_WEB_ROOT ?? 'dist/web';
  if (!fs.existsSync(`${webRoot}/index.html`) || !fs.existsSync('dist/server/main.js'))
    throw new Error(`No built app (${webRoot}, dist/server): run \`npm run build\` first`);

  const smtp = await startSmtp();
  const mailApi = http.createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    const mails = smtp.received.filter((m) => !to || m.to.includes(to));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((r) => mailApi.listen(0, '127.0.0.1', r));
  const mailPort = (mailApi.address() as { port: number }).port;

  const servers = await Promise.all(
    Array.from({ length: config.workers }, async (_, slot) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-e2e-'));
      await allowManySignUps(dataDir);
      const server = await startServerProcess(
        {
          DATA_DIR: dataDir,
          WEB_ROOT: webRoot,
          SMTP_URL: smtp.url,
          INKPROOF_TEST_CAPTCHA: E2E_CAPTCHA,
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          LOG_LEVEL: 'warn',
        },
        { from: 'compiled' },
      );
      process.env[`E2E_BASE_URL_${slot}`] = server.base;
      return { server, dataDir };
    }),
  );
  process.env.E2E_MAIL_API = `http://127.0.0.1:${mailPort}`;

  return async () => {
    await Promise.all(servers.map(({ server }) => server.stop()));
    await smtp.close();
    mailApi.close();
    for (const { dataDir } of servers) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Every browser test comes from 127.0.0.1: raise the per-IP limits on sign-ups, mails and
 * anonymous saves (as an admin could), so the suite is not throttled by its own size. Log-in and
 * look-up limits keep their defaults; tests that exercise them set them through the admin API.
 */
async function allowManySignUps(dataDir: string) {
  const { db, dialect } = createDb({ sqliteFile: path.join(dataDir, 'inkproof.db') });
  await migrateToLatest(db, dialect);
  const limits = {
    ...defaultLimits(),
    registrationsPerIpPerHour: 10_000,
    mailsPerIpPerHour: 10_000,
    anonymousSavesPerIpPerHour: 10_000,
    anonymousSessionsPerIpPerMinute: 10_000,
    captchasPerIpPerMinute: 10_000,
    uploadsPerIpPerHour: 10_000,
  };
  await db
    .insertInto('settings')
    .values({ key: 'security-limits', value: JSON.stringify(limits), updated_at: new Date().toISOString() })
    .execute();
  await db.destroy();
}
