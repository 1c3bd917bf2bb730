import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import { freePort } from '#server/test/server-process.ts';
import { freshDatabase, testConfig } from '#server/test/test-app.ts';
import { leafHashOf, MemoryTree } from './tree.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let dir: string;
let port: number;

beforeAll(async () => {
  database = await freshDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-witness-'));
  port = await freePort();
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The instance as a server on a fixed port (a restart keeps its address, as in production). */
async function serve(): Promise<App> {
  const app = await buildApp({ config: testConfig(), db: database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

function runWitness(): Promise<{ code: number; out: string }> {
  const state = path.join(dir, 'witness.json');
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/witness.ts', `http://127.0.0.1:${port}`, '--state', state],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

async function append(app: App, n: number, tag: string) {
  for (let i = 0; i < n; i++)
    await app.seals.log.appendToLog({
      event: 'signature.issued',
      subject: 'aa'.repeat(32),
      reference: `${tag}-${i}`,
    });
  await app.seals.log.publishHead();
}

/** What a dishonest operator would do: change one old leaf and recompute the whole tree to match. */
async function rewriteLeaf(index: number) {
  const db = database.db;
  const forged = '{"v":1,"event":"signature.revoked","at":"2020-01-01T00:00:00.000Z"}';
  await db
    .updateTable('log_leaves')
    .set({ entry: forged, leaf_hash: leafHashOf(Buffer.from(forged)) })
    .where('idx', '=', index)
    .execute();
  const leaves = await db.selectFrom('log_leaves').select('leaf_hash').orderBy('idx').execute();
  const tree = new MemoryTree();
  for (const l of leaves) tree.append(Buffer.from(l.leaf_hash));
  const nodes = await db.selectFrom('log_nodes').select(['level', 'idx']).execute();
  const fresh = await tree.source(nodes.map((n) => ({ level: n.level, index: Number(n.idx) })));
  for (const n of nodes)
    await db
      .updateTable('log_nodes')
      .set({ hash: fresh.get(`${n.level}:${Number(n.idx)}`)! })
      .where('level', '=', n.level)
      .where('idx', '=', n.idx)
      .execute();
  await db.updateTable('log_state').set({ root_hash: tree.frontier.root() }).where('id', '=', 1).execute();
}

test('the witness accepts a log that grows and catches one rewritten behind the server’s back', async () => {
  let app = await serve();
  try {
    await append(app, 5, 'first');
    const first = await runWitness();
    expect(first, first.out).toMatchObject({ code: 0 });
    expect(first.out).toMatch(/first tree head .* recorded: size 5/);

    await append(app, 7, 'second');
    const second = await runWitness();
    expect(second, second.out).toMatchObject({ code: 0 });
    expect(second.out).toMatch(/is consistent: size 5,.* → size 12,/);
  } finally {
    await app.close();
  }

  await rewriteLeaf(2);
  app = await serve(); // the server restarts on the rewritten database and carries on
  try {
    await append(app, 1, 'third');
    expect((await app.inject('/api/log/sth')).json().treeSize).toBe(13);
    const caught = await runWitness();
    expect(caught.code).toBe(1);
    expect(caught.out).toMatch(/LOG REWRITTEN: .* size 13,.* is not an extension of size 12,/);
    // and it keeps saying so: the state it trusts is the last consistent head
    expect((await runWitness()).code).toBe(1);
  } finally {
    await app.close();
  }
}, 120_000);

test('a head for a known size with another root is a fork; a smaller log is a rollback', async () => {
  const app = await serve();
  try {
    const head = (await app.inject('/api/log/sth')).json();
    const state = path.join(dir, 'witness.json');
    const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
    const url = `http://127.0.0.1:${port}`;
    saved.logs[url].heads.push({ ...head, rootHash: 'ff'.repeat(32), seenAt: 'earlier' });
    fs.writeFileSync(state, JSON.stringify(saved));
    const forked = await runWitness();
    expect([forked.code, forked.out]).toEqual([
      1,
      expect.stringMatching(/LOG FORKED: .* two different roots for size \d+/),
    ]);

    saved.logs[url].heads.push({ ...head, treeSize: 99, seenAt: 'earlier' });
    fs.writeFileSync(state, JSON.stringify(saved));
    const rolledBack = await runWitness();
    expect([rolledBack.code, rolledBack.out]).toEqual([
      1,
      expect.stringMatching(/LOG ROLLED BACK OR FORKED/),
    ]);
  } finally {
    await app.close();
  }
}, 60_000);
