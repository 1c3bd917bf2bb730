import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { linkIn } from '#server/test/smtp.ts';
import { testAppWithSmtp } from '#server/test/test-app.ts';

/**
 * A password reset changes the password, marks the address verified and ends
 * every session together or not at all. A trigger makes the session delete fail for one user.
 */
let ctx: Awaited<ReturnType<typeof testAppWithSmtp>>;
let smtp: Awaited<ReturnType<typeof testAppWithSmtp>>['smtp'];
const PASSWORD = 'Str0ng!Pass';
const NEW_PASSWORD = 'N3w!Password';

beforeAll(async () => {
  ctx = await testAppWithSmtp();
  smtp = ctx.smtp;
});
afterAll(() => ctx.close());

async function failSessionDeletes(userId: number) {
  const db = ctx.app.db;
  if (ctx.app.dialect === 'postgres') {
    await sql`create function fail_session_delete() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`.execute(db);
    await sql`create trigger fail_session_delete before delete on sessions for each row
      when (old.user_id = ${sql.lit(userId)}) execute function fail_session_delete()`.execute(db);
    return async () => {
      await sql`drop trigger fail_session_delete on sessions`.execute(db);
      await sql`drop function fail_session_delete()`.execute(db);
    };
  }
  await sql`create trigger fail_session_delete before delete on sessions
    when old.user_id = ${sql.lit(userId)} begin select raise(abort, 'injected failure'); end`.execute(db);
  return async () => {
    await sql`drop trigger fail_session_delete`.execute(db);
  };
}

test('a reset whose session delete fails leaves nothing half done', async () => {
  const address = 'reset-tx@example.com';
  const owner = new Agent(ctx.app);
  const registered = await owner.register(address, PASSWORD);
  expect(registered.statusCode).toBe(201);
  const userId: number = registered.json().id;
  const before = await ctx.app.db
    .selectFrom('users')
    .select(['password_hash', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

  const visitor = new Agent(ctx.app);
  expect((await visitor.forgotPassword(address)).statusCode).toBe(200);
  await ctx.app.accounts.settle?.();
  const link = linkIn(await smtp.waitFor(address, 2), '/reset-password');
  const token = link.searchParams.get('token')!;
  const query = `token=${token}&email=${encodeURIComponent(address)}`;

  const restore = await failSessionDeletes(userId);
  try {
    const res = await visitor.post('/api/reset-password', { token, email: address, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/injected|sessions/i);
  } finally {
    await restore();
  }

  // the token is unused, the password and verification unchanged, the session alive
  expect((await visitor.get(`/api/verify-reset-token?${query}`)).statusCode).toBe(200);
  const after = await ctx.app.db
    .selectFrom('users')
    .select(['password_hash', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(after).toEqual(before);
  expect((await owner.get('/api/user')).statusCode).toBe(200);

  // and the same link still works once the database lets it
  const retry = await visitor.post('/api/reset-password', { token, email: address, password: NEW_PASSWORD });
  expect(retry.statusCode).toBe(200);
  expect((await owner.get('/api/user')).statusCode).toBe(401);
  expect((await visitor.login(address, NEW_PASSWORD)).statusCode).toBe(200);
});
