import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../src/server/db/kysely.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { iso } from '../src/server/lib/clock.ts';
import { randomToken, sha256 } from '../src/server/lib/crypto.ts';
import { defaultLimits } from '../src/server/lib/limits.ts';
import { encodeCursor } from '../src/server/modules/api/cursor.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { webhookFanOut, type FanOutResult } from './api-webhooks.ts';
import { CONNECTIONS, DURATION_S, measure, median, printTable, startScript, type Measured } from './lib.ts';

const DOCUMENTS = Number(process.env.BENCH_API_DOCUMENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 50;

/** A user with DOCUMENTS documents (rows only: a list reads no file) and a token of theirs. */
async function seed(dir: string) {
  const { db, dialect } = createDb({ sqliteFile: path.join(dir, 'inkproof.db') });
  await migrateToLatest(db, dialect);
  const now = Date.now();
  const user = await db
    .insertInto('users')
    .values({
      email: 'bench@example.com',
      name: 'Bench',
      password_hash: 'x',
      role: 'user',
      email_verified_at: iso(now),
      disabled_at: null,
      last_login: null,
      created_at: iso(now),
      updated_at: iso(now),
      storage_quota_bytes: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < DOCUMENTS; i += 1000) {
    await db
      .insertInto('documents')
      .values(
        Array.from({ length: Math.min(1000, DOCUMENTS - i) }, (_, j) => ({
          user_id: user.id,
          name: `Contract ${i + j}`,
          original_filename: `contract-${i + j}.pdf`,
          mime_type: 'application/pdf',
          status: 'pending' as const,
          size: 120_000,
          page_count: 4,
          sha256: sha256(String(i + j)),
          reference: null,
          signed_sha256: null,
          signed_size: null,
          signed_page_count: null,
          created_at: iso(now - (DOCUMENTS - i - j) * 1000),
          updated_at: iso(now),
          signed_at: null,
          active_content: '',
          sealed_link: null,
        })),
      )
      .execute();
  }
  const token = `ink_${randomToken(32)}`;
  await db
    .insertInto('api_tokens')
    .values({
      user_id: user.id,
      name: 'bench',
      token_hash: sha256(token),
      prefix: token.slice(0, 10),
      scopes: 'documents:read',
      created_at: iso(now),
    })
    .execute();
  await db
    .insertInto('settings')
    .values({
      key: 'security-limits',
      value: JSON.stringify({ ...defaultLimits(), apiCallsPerTokenPerMinute: 1e9 }),
      updated_at: iso(now),
    })
    .execute();
  const keys = await db
    .selectFrom('documents')
    .select(['id', 'created_at'])
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  await db.destroy();
  // every page a client paging through the whole list asks for
  const paths = ['/api/v1/documents?limit=50'];
  for (let i = PAGE - 1; i + 1 < keys.length; i += PAGE)
    paths.push(
      `/api/v1/documents?limit=50&cursor=${encodeCursor({ id: keys[i]!.id, at: keys[i]!.created_at })}`,
    );
  return { token, userId: user.id, paths };
}

/**
 * `npm run bench -- api`: a token-authenticated GET /api/v1/documents (50 a page, a user with
 * 10,000 documents, pages picked at random) against bare Fastify running the same queries on the
 * same file; rounds interleaved, medians reported. Then the webhooks' fan-out.
 */
export async function benchApi() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-api-'));
  try {
    const { token, userId, paths } = await seed(dir);
    const floor = await startScript('bench/api-floor-server.ts', {
      BENCH_DB: path.join(dir, 'inkproof.db'),
      BENCH_USER_ID: String(userId),
    });
    const app = await startServerProcess({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
    try {
      const auth = { authorization: `Bearer ${token}` };
      for (const [base, headers] of [
        [floor.base, {}],
        [app.base, auth],
      ] as const) {
        const res = await fetch(`${base}${paths[1]}`, { headers });
        if (!res.ok) throw new Error(`${base}: ${res.status} ${await res.text()}`);
      }
      const floorRuns: Measured[] = [];
      const apiRuns: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        floorRuns.push(await measure('bare Fastify, same queries', floor.base, {}, paths, floor.pid));
        apiRuns.push(await measure('GET /api/v1/documents (token)', app.base, auth, paths, app.child.pid!));
      }
      console.log(
        `\n## public API list: ${DOCUMENTS.toLocaleString('en')} documents, ${PAGE} a page, random pages, ` +
          `${CONNECTIONS} connections, median of ${ROUNDS} interleaved runs of ${DURATION_S} s; load ${os.loadavg()[0]!.toFixed(1)}:`,
      );
      printTable(median(floorRuns), [median(apiRuns)]);
      const ratio = median(apiRuns).rps / median(floorRuns).rps;
      const perRound = apiRuns.map((r, i) => (r.rps / floorRuns[i]!.rps).toFixed(2)).join(', ');
      console.log(
        `target >= 0.70 of bare Fastify: ${ratio >= 0.7 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}; per round ${perRound})`,
      );
    } finally {
      floor.stop();
      await app.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await benchWebhooks();
}

/** The webhooks' fan-out, ROUNDS times; medians against the goals. */
async function benchWebhooks() {
  const runs: FanOutResult[] = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await webhookFanOut());
  const mid = (pick: (r: FanOutResult) => number) => runs.map(pick).sort((a, b) => a - b)[runs.length >> 1]!;
  const rate = mid((r) => r.deliveriesPerSecond);
  const ratio = mid((r) => r.withDeadEndpoint.p99Ratio);
  console.log(
    `\n## webhooks, median of ${ROUNDS} runs of ${runs[0]!.events} events; load ${os.loadavg()[0]!.toFixed(1)}:\n` +
      `deliveries a second alone: ${rate} (target >= 200 on SQLite: ${rate >= 200 ? 'met' : 'NOT met'}); ` +
      `p99 event to delivery ${mid((r) => r.p99DelayMs)} ms\n` +
      `healthy endpoint's p99 beside one that never answers: x${ratio} of alone ` +
      `(target <= 2: ${ratio <= 2 ? 'met' : 'NOT met'})`,
  );
}
