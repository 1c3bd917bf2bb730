import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { DOCUMENT_MAX_BYTES } from '#shared/documents/schemas.ts';
import { createDb, type Db } from '#server/db/kysely.ts';
import { HttpAgent, startServerProcess } from '#server/test/server-process.ts';
import { signUpOverHttp } from '#server/test/sign-up-over-http.ts';
import { freshDatabase, TEST_CAPTCHA } from '#server/test/test-app.ts';
import { largePdf } from '#server/test/pdfs.ts';
import { multipartBody, tempDir } from '#server/test/documents.ts';

/**
 * A real server process, killed with SIGKILL in the middle of receiving an upload, then started
 * again on the same data: no document and no file may be left behind.
 */
let env: Record<string, string>;
let openDb: () => { db: Db; close: () => Promise<void> };
let cleanup: () => Promise<void>;
let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const database = await freshDatabase();
    env = { DATABASE_URL: database.databaseUrl! };
    openDb = () => ({ db: database.db, close: async () => undefined });
    cleanup = database.drop;
  } else {
    const dir = tempDir();
    env = { DATA_DIR: dir };
    openDb = () => {
      const { db } = createDb({ sqliteFile: path.join(dir, 'inkproof.db') });
      return { db, close: () => db.destroy() };
    };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  env.INKPROOF_TEST_CAPTCHA = TEST_CAPTCHA;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

/** Sends the body in slices, slowly, and reports how far it got and what came back. */
function slowPost(
  base: string,
  agent: HttpAgent,
  body: Buffer,
  contentType: string,
  opts: { stopAfter?: number; onStop?: () => void },
) {
  const url = new URL('/api/documents/upload', base);
  return new Promise<{ sent: number; status?: number; text?: string; error?: string }>((resolve) => {
    let sent = 0;
    let done = false;
    const finish = (r: { status?: number; text?: string; error?: string }) => {
      if (done) return;
      done = true;
      resolve({ sent, ...r });
    };
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'content-length': String(body.length),
        cookie: agent.cookie,
        'x-csrf-token': agent.csrf,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => finish({ status: res.statusCode!, text }));
    });
    req.on('error', (err) => finish({ error: err.message }));
    const slice = 128 * 1024;
    const pump = () => {
      if (done || sent >= body.length) return;
      if (opts.stopAfter !== undefined && sent >= opts.stopAfter) {
        opts.onStop?.();
        return;
      }
      const chunk = body.subarray(sent, sent + slice);
      sent += chunk.length;
      req.write(chunk);
      if (sent >= body.length) req.end();
      else setTimeout(pump, 5);
    };
    pump();
  });
}

async function register(base: string) {
  const agent = new HttpAgent(base);
  const { db, close } = openDb();
  try {
    const res = await signUpOverHttp(agent, db, 'crash@example.com');
    expect(res.status).toBe(200);
  } finally {
    await close();
  }
  return agent;
}

async function counts() {
  const { db, close } = openDb();
  try {
    const [docs, files] = await Promise.all(
      (['documents', 'files'] as const).map(async (t) =>
        Number(
          (
            await db
              .selectFrom(t)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
    return { docs, files };
  } finally {
    await close();
  }
}

test('killing the server during an upload leaves no half-stored document', async () => {
  server = await startServerProcess(env);
  const agent = await register(server.base);
  const pdf = await largePdf(6_000_000, 12);
  const { body, contentType } = multipartBody({ name: 'Interrupted' }, { filename: 'big.pdf', bytes: pdf });

  const victim = server;
  const cut = await slowPost(victim.base, agent, body, contentType, {
    stopAfter: Math.floor(body.length / 2),
    onStop: () => victim.child.kill('SIGKILL'),
  });
  expect(cut.status).toBeUndefined();
  expect(cut.sent).toBeLessThan(body.length);
  await new Promise<void>((resolve) =>
    victim.child.exitCode !== null ? resolve() : victim.child.once('exit', () => resolve()),
  );

  server = await startServerProcess(env);
  agent.base = server.base;
  const list = await agent.fetch('/api/documents');
  expect(list.status).toBe(200);
  expect(await list.json()).toEqual([]);
  await server.stop(); // SQLite: read the file with no server holding it
  expect(await counts()).toEqual({ docs: 0, files: 0 });

  server = await startServerProcess(env);
  agent.base = server.base;
  const whole = await slowPost(server.base, agent, body, contentType, {});
  expect(whole.status).toBe(201);
  await server.stop();
  expect(await counts()).toEqual({ docs: 1, files: 1 });
}, 120_000);

test('an upload over 10 MB is refused with 413 while it is still being sent', async () => {
  server = await startServerProcess(env);
  const agent = new HttpAgent(server.base);
  await agent.fetch('/api/captcha?purpose=login');
  const login = await agent.fetch('/api/login', {
    method: 'POST',
    body: { email: 'crash@example.com', password: 'Str0ng!Pass', captcha: TEST_CAPTCHA },
  });
  expect(login.status).toBe(200);
  const big = Buffer.alloc(DOCUMENT_MAX_BYTES + 3 * 1024 * 1024, 0x20);
  big.write('%PDF-1.7\n');
  const { contentType } = multipartBody({ name: 'Huge' });
  // Chunked, so no Content-Length can give the size away: only the stream itself can.
  const boundary = contentType.split('boundary=')[1]!;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHuge\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const body = Buffer.concat([head, big, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await new Promise<{ status: number; text: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    const req = http.request(new URL('/api/documents/upload', server!.base), {
      method: 'POST',
      headers: {
        'content-type': contentType,
        cookie: agent.cookie,
        'x-csrf-token': agent.csrf,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('response', (r) => {
      let text = '';
      r.on('data', (d: Buffer) => (text += d.toString()));
      r.on('end', () => {
        req.destroy();
        resolve({ status: r.statusCode!, text, sent });
      });
    });
    req.on('error', (err) => (sent < body.length ? undefined : reject(err)));
    const pump = () => {
      if (sent >= body.length || req.destroyed) return;
      const chunk = body.subarray(sent, sent + 256 * 1024);
      sent += chunk.length;
      req.write(chunk);
      if (sent >= body.length) req.end();
      else setTimeout(pump, 10);
    };
    pump();
  });
  expect(res.status).toBe(413);
  expect(JSON.parse(res.text).message).toBe(m.fileTooLarge);
  expect(res.sent).toBeLessThan(body.length);
  await server.stop();
  expect(await counts()).toEqual({ docs: 1, files: 1 });
}, 120_000);
