import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrateToLatest } from '#server/db/migrate.ts';
import { Agent } from '#server/test/agent.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { freshDatabase, testApp, type TestContext } from '#server/test/test-app.ts';

/**
 * Reports read daily counters written when the events happen, so
 * deleting a user or a signature later leaves the days that counted them as they were.
 */
const DAY_MS = 86_400_000;
let ctx: TestContext;
let admin: Agent;

beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
});
afterAll(() => ctx.close());

/** A day later; the admin's session has ended meanwhile (inactivity), so they sign in again. */
async function nextDay() {
  ctx.clock.advance(DAY_MS);
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
}
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const report = async (day: string) =>
  (await admin.get(`/api/admin/reports?from=${day}&to=${day}`)).json() as {
    series: Record<'signups' | 'signaturesCreated', number[]>;
  };

describe('daily counters', () => {
  test('deleting a user leaves the sign-ups and signatures of past days unchanged', async () => {
    const day = dayOf(ctx.clock.now());
    const before = (await report(day)).series;
    const people = await Promise.all(
      ['gone1@example.com', 'gone2@example.com'].map(async (email, i) => {
        const a = new Agent(ctx.app);
        a.ip = `198.51.100.${10 + i}`;
        const id = (await a.register(email)).json().id as number;
        expect(
          (
            await a.post('/api/signatures', {
              signatureData: await signaturePng(),
              signerName: 'Gone',
              consent: true,
            })
          ).statusCode,
        ).toBe(201);
        return id;
      }),
    );
    const counted = (await report(day)).series;
    expect(counted.signups[0]).toBe(before.signups[0]! + 2);
    expect(counted.signaturesCreated[0]).toBe(before.signaturesCreated[0]! + 2);

    // the next day an admin deletes both accounts, with their signatures
    await nextDay();
    for (const id of people)
      expect((await admin.request('DELETE', `/api/admin/users/${id}`)).statusCode).toBe(200);
    expect(await ctx.app.db.selectFrom('users').select('id').where('id', 'in', people).execute()).toEqual([]);
    const after = (await report(day)).series;
    expect(after.signups[0]).toBe(counted.signups[0]);
    expect(after.signaturesCreated[0]).toBe(counted.signaturesCreated[0]);
    // and the day of the deletion counts no sign-up
    expect((await report(dayOf(ctx.clock.now()))).series.signups[0]).toBe(0);
  });

  test('a sign-up counts on the day it happened, not on the day it is reported', async () => {
    const day = dayOf(ctx.clock.now());
    const before = (await report(day)).series.signups[0]!;
    const a = new Agent(ctx.app);
    a.ip = '198.51.100.40';
    expect((await a.register('counted@example.com')).statusCode).toBe(201);
    await nextDay();
    expect((await report(day)).series.signups[0]).toBe(before + 1);
    expect((await report(dayOf(ctx.clock.now()))).series.signups[0]).toBe(0);
  });
});

describe('migration 0017', () => {
  test('fills the counters from the rows there are', async () => {
    const database = await freshDatabase();
    try {
      const { db, dialect } = database;
      await migrateToLatest(db, dialect, '0016-account-security');
      const user = (at: string, i: number) => ({
        email: `u${i}@example.com`,
        name: null,
        password_hash: 'x',
        role: 'user' as const,
        email_verified_at: at,
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto('users')
        .values([
          user('2026-03-01T08:00:00.000Z', 1),
          user('2026-03-01T23:59:59.999Z', 2),
          user('2026-03-02T00:00:00.000Z', 3),
        ])
        .execute();
      await db
        .insertInto('signatures')
        .values({
          user_id: null,
          reference_number: 'SIG-20260301-0001',
          signer_name: 'A',
          additional_data: null,
          qr_code_data: 'x',
          image_token: null,
          is_public: 1,
          is_default: 0,
          consent_at: null,
          created_at: '2026-03-01T10:00:00.000Z',
          expires_at: null,
        } as never)
        .execute();
      await migrateToLatest(db, dialect);
      const rows = await db
        .selectFrom('event_counts')
        .select(['day', 'event', sql<number>`count`.as('count')])
        .orderBy('day')
        .orderBy('event')
        .execute();
      expect(rows.map((r) => ({ ...r, count: Number(r.count) }))).toEqual([
        { day: '2026-03-01', event: 'signature-created', count: 1 },
        { day: '2026-03-01', event: 'signup', count: 2 },
        { day: '2026-03-02', event: 'signup', count: 1 },
      ]);
    } finally {
      await database.drop();
    }
  });
});
