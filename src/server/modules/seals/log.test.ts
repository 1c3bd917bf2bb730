import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fromHex, utf8 } from '#shared/seals/bytes.ts';
import { KEYS_PATH, KeyRing, type SealKeySet } from '#shared/seals/keys.ts';
import { parseEntry, saltedHash } from '#shared/seals/log-entry.ts';
import { EMPTY_ROOT_HEX, hashLeaf, verifyConsistency, verifyInclusion } from '#shared/seals/merkle.ts';
import { verifyTreeHead, type SignedTreeHead } from '#shared/seals/tree-head.ts';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import { createDb } from '#server/db/kysely.ts';
import { Agent } from '#server/test/agent.ts';
import { signatureSvgDataUrl } from '#server/test/fixtures.ts';
import { freshDatabase, testConfig } from '#server/test/test-app.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { upload } from '#server/test/documents.ts';
import { signatureSubject } from './entries.ts';
import { MAX_ENTRIES_PAGE } from './log.service.ts';
import { sealApiMessages as m } from './messages.ts';
import { leafHashOf, MemoryTree } from './tree.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: App;
let ring: KeyRing;

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({ config: testConfig(), db: database, logger: false });
  await app.ready();
  ring = await KeyRing.from((await app.inject(KEYS_PATH)).json<SealKeySet>());
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const get = async <T = any>(url: string) => {
  const res = await app.inject(url);
  return { status: res.statusCode, body: res.json<T>(), headers: res.headers };
};
const sth = async () => (await get<SignedTreeHead>('/api/log/sth')).body;
const entries = async (start: number, end: number) =>
  (
    await get<{ entries: { index: number; entry: string; leafHash: string }[] }>(
      `/api/log/entries?start=${start}&end=${end}`,
    )
  ).body.entries;
const bytes = (hex: string) => fromHex(hex)!;

async function newUser(ip: string) {
  const a = new Agent(app);
  a.ip = ip;
  expect((await a.register(`log-${ip}@example.com`, 'Str0ng!Pass', { name: 'Log Tester' })).statusCode).toBe(
    201,
  );
  return a;
}

describe('tree heads', () => {
  test('the first head is the empty tree, signed with the instance key', async () => {
    const head = await sth();
    expect(head).toMatchObject({ treeSize: 0, rootHash: EMPTY_ROOT_HEX });
    expect(await verifyTreeHead(head, ring)).toEqual({ ok: true });
    expect(await verifyTreeHead({ ...head, treeSize: 1 }, ring)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(await verifyTreeHead({ ...head, kid: '0011223344556677' }, ring)).toEqual({
      ok: false,
      reason: 'unknown-key',
    });
  });
});

describe('what the services log', () => {
  let owner: Agent;
  beforeAll(async () => {
    owner = await newUser('198.51.100.7');
  });

  test('a saved signature appends an issuance that holds hashes, not the name or the reference', async () => {
    const before = await app.seals.log.size();
    const res = await owner.post('/api/signatures', {
      signatureData: signatureSvgDataUrl(),
      signerName: 'Erika Mustermann',
      isDefault: false,
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json<{ id: number; referenceNumber: string }>();
    expect(await app.seals.log.size()).toBe(before + 1);
    const [leaf] = await entries(before, before + 1);
    expect(leaf!.entry).not.toMatch(/Erika|Mustermann/);
    expect(leaf!.entry).not.toContain(saved.referenceNumber);
    const entry = parseEntry(leaf!.entry)!;
    const row = await app.db
      .selectFrom('signatures')
      .selectAll()
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      v: 1,
      event: 'signature.issued',
      at: row.created_at,
      subject: signatureSubject(row),
    });
    expect(entry.ref).toBe(await saltedHash('ref', entry.salt, saved.referenceNumber));
    expect(entry.name).toBe(await saltedHash('name', entry.salt, 'Erika Mustermann'));
    expect(entry.ref).not.toBe(await saltedHash('ref', '00'.repeat(16), saved.referenceNumber));
    expect(Buffer.from(await hashLeaf(utf8(leaf!.entry))).toString('hex')).toBe(leaf!.leafHash);
  });

  test('revoking logs once, deleting logs the deletion, with the issuance’s subject', async () => {
    const saved = (
      await owner.post('/api/signatures', {
        signatureData: signatureSvgDataUrl(),
        signerName: 'R',
        isDefault: false,
      })
    ).json<{ id: number }>();
    const start = await app.seals.log.size();
    expect((await owner.request('PATCH', `/api/signatures/${saved.id}/revoke`)).statusCode).toBe(200);
    expect((await owner.request('PATCH', `/api/signatures/${saved.id}/revoke`)).statusCode).toBe(200);
    expect((await owner.request('DELETE', `/api/signatures/${saved.id}`)).statusCode).toBe(200);
    const logged = (await entries(start - 1, start + 5)).map((e) => parseEntry(e.entry)!);
    expect(logged.map((e) => e.event)).toEqual([
      'signature.issued',
      'signature.revoked',
      'signature.deleted',
    ]);
    expect(new Set(logged.map((e) => e.subject)).size).toBe(1);
  });

  test('deleting all of a user’s signatures logs each', async () => {
    const other = await newUser('198.51.100.8');
    for (const n of ['A', 'B'])
      await other.post('/api/signatures', {
        signatureData: signatureSvgDataUrl(),
        signerName: n,
        isDefault: false,
      });
    const start = await app.seals.log.size();
    expect((await other.request('DELETE', '/api/signatures')).statusCode).toBe(200);
    const logged = (await entries(start, start + 5)).map((e) => parseEntry(e.entry)!.event);
    expect(logged).toEqual(['signature.deleted', 'signature.deleted']);
  });

  test(
    'signing a document logs its original file’s hash; deleting it logs that too',
    { timeout: 120_000 },
    async () => {
      const sig = (
        await owner.post('/api/signatures', {
          signatureData: signatureSvgDataUrl(),
          signerName: 'Doc Signer',
          isDefault: false,
        })
      ).json<{ id: number }>();
      const up = await upload(
        app,
        owner,
        { name: 'Lease' },
        { filename: 'lease.pdf', bytes: await simplePdf() },
      );
      expect(up.statusCode).toBe(201);
      const docId = up.json<{ id: number }>().id;
      const start = await app.seals.log.size();
      const signed = await owner.post(`/api/documents/${docId}/sign`, {
        signatures: [{ signatureId: sig.id, position: { page: 1, x: 50, y: 50, width: 200, height: 80 } }],
      });
      expect(signed.statusCode).toBe(200);
      const row = await app.db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', docId)
        .executeTakeFirstOrThrow();
      expect((await owner.request('DELETE', `/api/documents/${docId}`)).statusCode).toBe(200);
      const logged = (await entries(start, start + 5)).map((e) => parseEntry(e.entry)!);
      expect(logged.map((e) => [e.event, e.subject])).toEqual([
        ['document.signed', row.sha256],
        ['document.deleted', row.sha256],
      ]);
      expect(logged[0]!.ref).toBe(await saltedHash('ref', logged[0]!.salt, row.reference!));
      expect(logged[0]!.name).toBe(await saltedHash('name', logged[0]!.salt, 'Doc Signer'));
    },
  );
});

describe('proofs over HTTP', () => {
  test('every entry is included in the signed head, and the heads are consistent', async () => {
    const first = await app.seals.log.publishHead();
    for (let i = 0; i < 37; i++)
      await app.seals.log.appendToLog({
        event: 'request.completed',
        subject: 'ee'.repeat(32),
        reference: `R-${i}`,
      });
    const second = await app.seals.log.publishHead();
    expect(second.treeSize).toBe(first.treeSize + 37);
    const head = await sth();
    expect(head).toEqual(second);
    expect(await verifyTreeHead(head, ring)).toEqual({ ok: true });

    const all = await entries(0, head.treeSize);
    expect(all.map((e) => e.index)).toEqual([...Array(head.treeSize).keys()]);
    for (const e of all) {
      const res = await get<{ leafHash: string; auditPath: string[] }>(
        `/api/log/proof/inclusion?index=${e.index}&size=${head.treeSize}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.body.leafHash).toBe(e.leafHash);
      const ok = await verifyInclusion(
        e.index,
        head.treeSize,
        bytes(e.leafHash),
        res.body.auditPath.map(bytes),
        bytes(head.rootHash),
      );
      expect(ok, `index ${e.index}`).toBe(true);
    }
    const proof = await get<{ consistency: string[] }>(
      `/api/log/proof/consistency?first=${first.treeSize}&second=${second.treeSize}`,
    );
    expect(proof.status).toBe(200);
    const consistent = await verifyConsistency(
      first.treeSize,
      second.treeSize,
      bytes(first.rootHash),
      bytes(second.rootHash),
      proof.body.consistency.map(bytes),
    );
    expect(consistent).toBe(true);
  });

  test('entries come in pages of at most MAX_ENTRIES_PAGE, clipped to the tree', async () => {
    const size = await app.seals.log.size();
    const res = await get(`/api/log/entries?start=1&end=${size + 5000}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ start: 1, end: Math.min(size, 1 + MAX_ENTRIES_PAGE), treeSize: size });
  });

  test('bad numbers answer 400 with a message saying what is wrong', async () => {
    const size = await app.seals.log.size();
    const cases: [string, string][] = [
      ['/api/log/proof/inclusion?index=abc&size=3', m.notANumber('index')],
      ['/api/log/proof/inclusion?index=-1&size=3', m.notANumber('index')],
      ['/api/log/proof/inclusion?index=1.5&size=3', m.notANumber('index')],
      ['/api/log/proof/inclusion?size=3', m.notANumber('index')],
      ['/api/log/proof/inclusion?index=0&size=99999999999999999999', m.notANumber('size')],
      [`/api/log/proof/inclusion?index=${size}&size=${size}`, m.indexOutOfRange(size, size)],
      [`/api/log/proof/inclusion?index=0&size=${size + 1}`, m.sizeOutOfRange(size + 1, size)],
      ['/api/log/proof/inclusion?index=0&size=0', m.emptyTree],
      ['/api/log/proof/consistency?first=0&second=2', m.consistencyOrder],
      ['/api/log/proof/consistency?first=3&second=2', m.consistencyOrder],
      [`/api/log/proof/consistency?first=1&second=${size + 1}`, m.sizeOutOfRange(size + 1, size)],
      ['/api/log/proof/consistency?first=x&second=2', m.notANumber('first')],
      ['/api/log/entries?start=5&end=5', m.entriesOrder],
      [`/api/log/entries?start=${size}&end=${size + 2}`, m.startOutOfRange(size, size)],
      ['/api/log/entries?start=0&end=ten', m.notANumber('end')],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect([res.status, res.body.message], url).toEqual([400, message]);
    }
  });
});

describe('log answers', () => {
  test('each answer carries exactly its fields', async () => {
    await app.seals.log.appendToLog({
      event: 'request.completed',
      subject: 'cc'.repeat(32),
      reference: 'R-F',
    });
    const head = await app.seals.log.publishHead();
    const keys = async (url: string) => {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      return Object.keys(res.body).sort();
    };
    expect(await keys('/api/log/sth')).toEqual(['kid', 'rootHash', 'signature', 'timestamp', 'treeSize']);
    expect(await keys(`/api/log/proof/inclusion?index=0&size=${head.treeSize}`)).toEqual([
      'auditPath',
      'index',
      'leafHash',
      'treeSize',
    ]);
    expect(await keys(`/api/log/proof/consistency?first=1&second=${head.treeSize}`)).toEqual([
      'consistency',
      'first',
      'second',
    ]);
    expect(await keys('/api/log/entries?start=0&end=1')).toEqual(['end', 'entries', 'start', 'treeSize']);
    expect(Object.keys((await entries(0, 1))[0]!).sort()).toEqual(['entry', 'index', 'leafHash']);
  });

  test('a refused proof is readable from another origin too', async () => {
    const res = await get('/api/log/proof/inclusion?index=0&size=0');
    expect([res.status, res.body.message]).toEqual([400, m.emptyTree]);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('issuances wait for their items', () => {
  const issuance = (reference: string) => ({
    event: 'request.completed' as const,
    subject: 'dd'.repeat(32),
    reference,
  });
  const claim = (index: number) =>
    app.db.transaction().execute((trx) => app.seals.log.store.claim(trx, index));

  test('a reserved index holds the entries after it back until its item claims it', async () => {
    const log = app.seals.log;
    const start = await log.size();
    const reserved = await log.reserve(issuance('HELD'));
    const after = await log.appendText('{"after":"the reservation"}');
    expect([reserved.index, after.index]).toEqual([start, start + 1]);
    expect(await log.size()).toBe(start);

    expect(await claim(reserved.index)).toBe(true);
    await log.appendDue();
    expect(await log.size()).toBe(start + 2);
    const [leaf] = await entries(start, start + 1);
    expect(leaf!.entry).toBe(reserved.entry);
  });

  test('a released index becomes an unused leaf, and can no longer be claimed', async () => {
    const log = app.seals.log;
    const reserved = await log.reserve(issuance('GONE'));
    await log.store.release(reserved.index);
    await log.appendDue();
    const [leaf] = await entries(reserved.index, reserved.index + 1);
    expect(parseEntry(leaf!.entry)).toMatchObject({ event: 'index.unused', subject: '00'.repeat(32) });
    expect(await claim(reserved.index)).toBe(false);
  });
  test('a reservation not claimed in time is voided: the item’s claim then fails', async () => {
    const log = app.seals.log;
    const reserved = await log.reserve(issuance('LATE'));
    const now = new Date().toISOString();
    await log.store.commit([], { now, lapseBefore: new Date(Date.parse(now) + 1).toISOString() });
    expect(await claim(reserved.index)).toBe(false);
    const [leaf] = await entries(reserved.index, reserved.index + 1);
    expect(parseEntry(leaf!.entry)?.event).toBe('index.unused');
  });
});

describe('two instances appending on one database', () => {
  test('every index exists once and the tree matches a recomputation', async () => {
    const second = database.databaseUrl
      ? createDb({ databaseUrl: database.databaseUrl }).db
      : createDb({ sqliteFile: database.sqliteFile! }).db;
    const other = await buildApp({
      config: testConfig(),
      db: { db: second, dialect: database.dialect },
      logger: false,
    });
    try {
      const start = await app.seals.log.size();
      const appenders = [app, other];
      // Ten rounds in which both instances commit a batch at once: each round both wait on the
      // head row, and each continues from what the other committed (its frontier reloaded).
      const receipts: number[] = [];
      for (let round = 0; round < 10; round++) {
        const batch = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            appenders[i % 2]!.seals.log.appendText(`{"concurrent":${round * 30 + i}}`).then((r) => r.index),
          ),
        );
        receipts.push(...batch);
      }
      expect(new Set(receipts).size).toBe(300);
      const size = await app.seals.log.size();
      expect(size).toBeGreaterThanOrEqual(start + 300);

      const leaves = await app.db
        .selectFrom('log_leaves')
        .select(['idx', 'entry', 'leaf_hash'])
        .orderBy('idx')
        .execute();
      expect(leaves.map((l) => Number(l.idx))).toEqual([...Array(size).keys()]);
      const tree = new MemoryTree();
      for (const l of leaves) {
        const h = leafHashOf(Buffer.from(l.entry));
        expect(Buffer.from(l.leaf_hash).equals(h)).toBe(true);
        tree.append(h);
      }
      const state = await app.seals.log.store.state();
      expect(state.root.toString('hex')).toBe(tree.frontier.root().toString('hex'));
      const stored = await app.db.selectFrom('log_nodes').select(['level', 'idx', 'hash']).execute();
      const found = await tree.source(stored.map((n) => ({ level: n.level, index: Number(n.idx) })));
      for (const n of stored)
        expect(found.get(`${n.level}:${Number(n.idx)}`)?.equals(Buffer.from(n.hash))).toBe(true);
      expect(stored.length).toBe(
        size -
          Number(
            size
              .toString(2)
              .split('')
              .filter((b) => b === '1').length,
          ),
      );

      const head = await other.seals.log.publishHead();
      expect(head).toMatchObject({ treeSize: size, rootHash: state.root.toString('hex') });
      expect(await verifyTreeHead(head, ring)).toEqual({ ok: true });
    } finally {
      await other.close();
      await second.destroy();
    }
  });
});
