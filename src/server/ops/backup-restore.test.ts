import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb } from '../db/kysely.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { signaturePng } from '../test/fixtures.ts';
import { HttpAgent, startServerProcess } from '../test/server-process.ts';
import { signUpOverHttp } from '../test/sign-up-over-http.ts';
import { TEST_CAPTCHA } from '../test/test-app.ts';
import { backupSqlite } from './backup.ts';
import { restoreSqlite } from './restore.ts';
import { EXIT } from './sqlite-file.ts';

/**
 * The backup and restore commands as an operator runs them, against real server processes. They
 * are for SQLite only (PostgreSQL has pg_dump): the PostgreSQL run of the API suite skips them.
 */
const sqliteRun = test.runIf(!process.env.TEST_DATABASE_URL);
type Server = Awaited<ReturnType<typeof startServerProcess>>;
const servers: Server[] = [];
let work: string;
const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

function run(script: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  const { PORT: _port, DATABASE_URL: _url, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...base, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out })),
  );
}

async function start(dataDir: string) {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    INKPROOF_TEST_CAPTCHA: TEST_CAPTCHA,
    ADMIN_PASSWORD: 'Adm1n!Password',
  });
  servers.push(server);
  return server;
}

async function uploadPdf(agent: HttpAgent, name: string, bytes: Buffer) {
  const form = new FormData();
  form.set('name', name);
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${name}.pdf`);
  const res = await fetch(`${agent.base}/api/documents/upload`, {
    method: 'POST',
    headers: { cookie: agent.cookie, 'x-csrf-token': agent.csrf },
    body: form,
  });
  return res.status === 201 ? ((await res.json()) as { id: number }).id : null;
}

/** Every table's row count and a digest of its rows (file bytes by their SHA-256), in one order. */
function tableDigests(file: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    const names = db
      .prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%'")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      names.sort().map((name) => {
        const rows = db.prepare(`select * from "${name}"`).all() as Record<string, unknown>[];
        const text = rows
          .map((r) => JSON.stringify(r, (_k, v) => (v?.type === 'Buffer' ? sha(Buffer.from(v.data)) : v)))
          .sort();
        return [name, { rows: rows.length, digest: sha(Buffer.from(text.join('\n'))) }];
      }),
    );
  } finally {
    db.close();
  }
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-backup-'));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(work, { recursive: true, force: true });
});

// Two server starts and two script runs: over 30 s when the shared machine is busy.
sqliteRun(
  'a backup taken while the server writes restores every row and file into a fresh data folder',
  async () => {
    const liveDir = path.join(work, 'live');
    const live = await start(liveDir);
    const agent = new HttpAgent(live.base);
    const outbox = createDb({ sqliteFile: path.join(liveDir, 'inkproof.db') });
    const reg = await signUpOverHttp(agent, outbox.db, 'backup@example.com').finally(() =>
      outbox.db.destroy(),
    );
    expect(reg.status).toBe(200);
    const signatureData = await signaturePng();
    const pdfs = await Promise.all([1, 2, 3].map((pages) => simplePdf(pages)));
    const before = new Map<number, string>();
    for (const [i, pdf] of pdfs.entries())
      before.set((await uploadPdf(agent, `Before ${i}`, pdf))!, sha(pdf));

    let writing = true;
    const acked: number[] = [];
    const writer = async (kind: 'upload' | 'signature') => {
      for (let i = 0; writing; i++) {
        const ok =
          kind === 'upload'
            ? (await uploadPdf(agent, `During ${i}`, pdfs[i % 3]!)) !== null
            : (
                await agent.fetch('/api/signatures', {
                  method: 'POST',
                  body: { signatureData, signerName: `S${i}` },
                })
              ).status === 201;
        if (ok) acked.push(Date.now());
      }
    };
    const writers = [writer('upload'), writer('signature')];
    while (acked.length < 3) await new Promise((r) => setTimeout(r, 20));

    const backupFile = path.join(work, 'inkproof-backup.db');
    const backupStarted = Date.now();
    const backup = await run('backup', [backupFile], { DATA_DIR: liveDir });
    const backupEnded = Date.now();
    writing = false;
    await Promise.all(writers);
    expect(backup.out).toContain('integrity:  ok');
    expect(backup.code).toBe(EXIT.ok);
    expect(acked.filter((t) => t > backupStarted && t < backupEnded).length).toBeGreaterThan(0);

    // A consistent snapshot: every file row's bytes match its recorded hash, every document has its file.
    const snap = new SQLite(backupFile, { readonly: true });
    const files = snap.prepare('select document_id, bytes, sha256 from files').all() as {
      document_id: number;
      bytes: Buffer;
      sha256: string;
    }[];
    const documents = snap.prepare('select id from documents').pluck().all() as number[];
    snap.close();
    for (const f of files) expect(sha(f.bytes)).toBe(f.sha256);
    expect(new Set(files.map((f) => f.document_id))).toEqual(new Set(documents));
    for (const id of before.keys()) expect(documents).toContain(id);

    // The lock alone detects the server (no PORT given); PORT, when set, is probed as well.
    const [byLock, byPort] = await Promise.all([
      restoreSqlite({ backup: backupFile, dataDir: liveDir }),
      restoreSqlite({ backup: backupFile, dataDir: liveDir, probe: { host: '127.0.0.1', port: live.port } }),
    ]);
    expect(byLock).toMatchObject({
      exit: EXIT.inUse,
      message: expect.stringContaining('has ' + path.join(liveDir, 'inkproof.db') + ' open'),
    });
    expect(byPort).toMatchObject({ exit: EXIT.inUse, message: expect.stringContaining(`port ${live.port}`) });
    expect((await fetch(`${live.base}/readyz`)).status).toBe(200);
    expect(fs.readdirSync(liveDir).filter((f) => f.includes('before-restore'))).toEqual([]);
    await live.stop();

    const freshDir = path.join(work, 'fresh');
    const restore = await run('restore', [backupFile], { DATA_DIR: freshDir });
    expect(restore.out).toContain('Restored and checked');
    expect(restore.code).toBe(EXIT.ok);
    const restored = path.join(freshDir, 'inkproof.db');
    expect(fs.readdirSync(freshDir)).toEqual(['inkproof.db']);
    expect(tableDigests(restored)).toEqual(tableDigests(backupFile));
    expect(fs.readFileSync(restored).equals(fs.readFileSync(backupFile))).toBe(true);

    // The restored instance serves the same documents, and the session made before the backup.
    const again = await start(freshDir);
    agent.base = again.base;
    for (const [id, hash] of before) {
      const res = await agent.fetch(`/api/documents/${id}/download`);
      expect(res.status).toBe(200);
      expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(hash);
    }
  },
  120_000,
);

sqliteRun(
  'refusals: an existing target, PostgreSQL, a truncated, a non-SQLite and a newer backup',
  async () => {
    const dataDir = path.join(work, 'small');
    const { db, dialect } = createDb({ sqliteFile: path.join(dataDir, 'inkproof.db') });
    await migrateToLatest(db, dialect);
    await db.destroy();
    const good = path.join(work, 'small-backup.db');
    fs.copyFileSync(path.join(dataDir, 'inkproof.db'), good);
    const bytes = fs.readFileSync(good);
    const truncated = path.join(work, 'truncated.db');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const pdf = path.join(work, 'not-a-database.db');
    fs.writeFileSync(pdf, await simplePdf());
    const newer = path.join(work, 'newer.db');
    fs.copyFileSync(good, newer);
    const n = new SQLite(newer);
    n.prepare("insert into kysely_migration (name, timestamp) values ('9999-from-the-future', 'x')").run();
    n.close();
    const into = (name: string) => ({ dataDir: path.join(work, name) });

    const [postgres, cut] = await Promise.all([
      run('backup', [path.join(work, 'pg.db')], { DATABASE_URL: 'postgres://inkproof@localhost/inkproof' }),
      run('restore', [truncated, '--data-dir', path.join(work, 't1')]),
    ]);
    expect(postgres.out).toContain('pg_dump');
    expect(postgres.code).toBe(EXIT.refused);
    expect(fs.existsSync(path.join(work, 'pg.db'))).toBe(false);
    expect(cut.out).toMatch(/cannot be restored: it cannot be read \(SQLITE_CORRUPT/);
    expect(cut.code).toBe(EXIT.badFile);

    expect(await restoreSqlite({ backup: pdf, ...into('t2') })).toMatchObject({
      exit: EXIT.badFile,
      message: expect.stringContaining('it is not an SQLite database'),
    });
    expect(await restoreSqlite({ backup: newer, ...into('t3') })).toMatchObject({
      exit: EXIT.badFile,
      message: expect.stringContaining('newer Inkproof (unknown migrations: 9999-from-the-future)'),
    });
    for (const t of ['t1', 't2', 't3']) expect(fs.readdirSync(path.join(work, t))).toEqual([]);

    const source = path.join(dataDir, 'inkproof.db');
    expect(await backupSqlite({ source, target: good })).toMatchObject({
      exit: EXIT.refused,
      message: expect.stringContaining('already exists'),
    });
    expect(fs.readFileSync(good).equals(bytes)).toBe(true);
    expect(await backupSqlite({ source, target: good, force: true })).toMatchObject({ kind: 'ok' });
    expect(await backupSqlite({ source, target: source, force: true })).toMatchObject({
      exit: EXIT.refused,
      message: expect.stringContaining('is the database itself'),
    });
    expect(await restoreSqlite({ backup: source, dataDir })).toMatchObject({
      exit: EXIT.refused,
      message: expect.stringContaining('is the database to replace'),
    });
  },
);
