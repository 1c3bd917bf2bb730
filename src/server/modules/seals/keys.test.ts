import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kidOf, KEYS_PATH, KeyRing, type SealKeySet } from '#shared/seals/keys.ts';
import { readLink, sealLink } from '#shared/seals/link.ts';
import { issueSealToken } from '#shared/seals/token.ts';
import { verifySealedLink } from '#shared/seals/verify.ts';
import { verificationUrl } from '#shared/signatures/reference.ts';
import { buildApp } from '#server/app.ts';
import { createDb, type Db } from '#server/db/kysely.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { systemClock } from '#server/lib/clock.ts';
import { SecretBox } from '#server/lib/secret-box.ts';
import { Agent } from '#server/test/agent.ts';
import { freshDatabase, TEST_ORIGIN, testApp, testConfig, type TestContext } from '#server/test/test-app.ts';
import { SealKeys } from './keys.service.ts';
import { sealApiMessages } from './messages.ts';

let ctx: TestContext;
let admin: Agent;
let user: Agent;

beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
  user = new Agent(ctx.app);
  user.ip = '192.0.2.2';
  expect((await user.register('plain@example.com')).statusCode).toBe(201);
});
afterAll(() => ctx.close());

const keySet = async () => (await ctx.app.inject(KEYS_PATH)).json<SealKeySet>();
const now = () => ctx.clock.now();

async function sealedNow(name = 'Jane Doe') {
  const at = now();
  const link = verificationUrl(TEST_ORIGIN, {
    id: at,
    ref: 'SIG-20261123-1234',
    name,
    timestamp: new Date(at).toISOString(),
  });
  return ctx.app.seals.issuer.sealLink(link, { subjectHash: 'ab'.repeat(32), logIndex: 3 });
}

describe('the public key set', () => {
  test('lists the active ES256 key with its validity, readable from any origin', async () => {
    const res = await ctx.app.inject(KEYS_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toMatch(/public/);
    const { keys } = res.json<SealKeySet>();
    expect(keys).toHaveLength(1);
    const [k] = keys;
    expect(k).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', status: 'active' });
    expect(k!.kid).toMatch(/^[0-9a-f]{16}$/);
    expect(k!.kid).toBe(await kidOf(k!));
    expect(k!.nbf).toBeLessThanOrEqual(Math.ceil(now() / 1000));
    expect(k!.exp).toBeUndefined();
  });

  test('the private key is stored sealed with the settings key, never in the clear', async () => {
    const row = await ctx.app.db.selectFrom('seal_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.private_sealed).not.toMatch(/PRIVATE KEY/);
    const pkcs8 = ctx.app.secretBox.open(row.private_sealed);
    expect(pkcs8).not.toBeNull();
    expect(row.private_sealed).not.toContain(pkcs8!.slice(0, 40));
    const key = crypto.createPrivateKey({ key: Buffer.from(pkcs8!, 'base64'), format: 'der', type: 'pkcs8' });
    const jwk = crypto.createPublicKey(key).export({ format: 'jwk' });
    expect(jwk.x).toBe((await keySet()).keys[0]!.x);
    expect(new SecretBox('another settings key').open(row.private_sealed)).toBeNull();
  });

  test('a seal the server issues verifies with the published keys alone', async () => {
    const link = await sealedNow();
    const result = await verifySealedLink(link, await KeyRing.from(await keySet()));
    expect(result).toMatchObject({
      status: 'proven',
      claims: { issuer: TEST_ORIGIN, signerName: 'Jane Doe', logIndex: 3 },
    });
  });
});

describe('rotation', () => {
  test('only an admin may rotate', async () => {
    const anonymous = new Agent(ctx.app);
    await anonymous.get('/api/csrf');
    expect((await anonymous.post('/api/admin/seals/keys/rotate')).statusCode).toBe(401);
    expect((await user.post('/api/admin/seals/keys/rotate')).statusCode).toBe(403);
    expect((await keySet()).keys).toHaveLength(1);
  });

  test('old seals verify against the retired key, new ones use the new key, none is deleted', async () => {
    const before = await sealedNow('Before Rotation');
    const oldKid = (await keySet()).keys[0]!.kid;
    ctx.clock.advance(1000);
    const res = await admin.post('/api/admin/seals/keys/rotate');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: sealApiMessages.rotated, retired: oldKid });
    const newKid = res.json().active as string;
    expect(newKid).not.toBe(oldKid);

    const { keys } = await keySet();
    expect(keys.map((k) => [k.kid, k.status])).toEqual([
      [oldKid, 'retired'],
      [newKid, 'active'],
    ]);
    expect(keys[0]!.exp).toBeGreaterThan(Math.floor(now() / 1000));
    expect(keys[1]!.exp).toBeUndefined();

    const ring = await KeyRing.from({ keys });
    expect(await verifySealedLink(before, ring)).toMatchObject({ status: 'proven', claims: { kid: oldKid } });
    const after = await sealedNow('After Rotation');
    expect(await verifySealedLink(after, ring)).toMatchObject({ status: 'proven', claims: { kid: newKid } });

    // The retired key signing a seal dated after its validity: refused, named.
    const row = await ctx.app.db
      .selectFrom('seal_keys')
      .selectAll()
      .where('kid', '=', oldKid)
      .executeTakeFirstOrThrow();
    const old = crypto.createPrivateKey({
      key: Buffer.from(ctx.app.secretBox.open(row.private_sealed)!, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    const late = Date.parse(row.valid_until!) + 60_000;
    const link = verificationUrl(TEST_ORIGIN, {
      id: late,
      ref: 'SIG-20261123-9999',
      name: 'Late',
      timestamp: new Date(late).toISOString(),
    });
    const read = readLink(link)!;
    const token = await issueSealToken(
      {
        issuer: TEST_ORIGIN,
        kid: oldKid,
        kind: 'signature',
        reference: read.reference,
        signerName: 'Late',
        signedAt: late,
        expiresAt: null,
        subjectHash: 'cd'.repeat(32),
        logIndex: 9,
      },
      (m) => crypto.sign('sha256', m, { key: old, dsaEncoding: 'ieee-p1363' }),
    );
    expect(await verifySealedLink(sealLink(link, token), ring)).toMatchObject({
      status: 'not-proven',
      reason: 'expired-key',
    });

    expect(await ctx.app.db.selectFrom('seal_keys').select('kid').execute()).toHaveLength(2);
  });
});

describe('instances sharing one database', () => {
  async function secondHandle(database: Awaited<ReturnType<typeof freshDatabase>>): Promise<Db> {
    return database.databaseUrl
      ? createDb({ databaseUrl: database.databaseUrl }).db
      : createDb({ sqliteFile: database.sqliteFile! }).db;
  }

  test('keys created at the same moment by several instances end as one active key', async () => {
    const database = await freshDatabase();
    const other = await secondHandle(database);
    try {
      await migrateToLatest(database.db, database.dialect);
      const box = new SecretBox('shared settings key');
      const instances = [database.db, other, database.db, other].map(
        (db) => new SealKeys(db, systemClock, box),
      );
      const kids = await Promise.all(instances.map((k) => k.init()));
      expect(new Set(kids).size).toBe(1);
      const rows = await database.db.selectFrom('seal_keys').select(['kid', 'status']).execute();
      expect(rows).toEqual([{ kid: kids[0], status: 'active' }]);
    } finally {
      await other.destroy();
      await database.drop();
    }
  });

  test('two apps starting together on one database publish the same single key', async () => {
    const database = await freshDatabase();
    const other = await secondHandle(database);
    const config = testConfig();
    try {
      await migrateToLatest(database.db, database.dialect);
      const apps = await Promise.all(
        [database.db, other].map((db) =>
          buildApp({ config, db: { db, dialect: database.dialect }, logger: false }),
        ),
      );
      const sets = await Promise.all(apps.map(async (a) => (await a.inject(KEYS_PATH)).json<SealKeySet>()));
      expect(sets[0]!.keys).toHaveLength(1);
      expect(sets[1]).toEqual(sets[0]);
      await Promise.all(apps.map((a) => a.close()));
    } finally {
      await other.destroy();
      await database.drop();
    }
  });
});
