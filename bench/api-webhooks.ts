import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app.ts';
import type { App } from '../src/server/app-types.ts';
import { systemClock } from '../src/server/lib/clock.ts';
import { insertUser } from '../src/server/test/fixtures.ts';
import { freshDatabase, testConfig } from '../src/server/test/test-app.ts';

/**
 * Webhook fan-out: events emitted as fast as the domain services would, delivered to a receiver
 * on this machine through the real queue, signer and sender. Run 1: one healthy endpoint;
 * deliveries per second and the p99 delay from the event to its arrival. Run 2: the same beside
 * an endpoint that never answers (each attempt waits the full 10 s): the healthy endpoint's p99
 * as a ratio of run 1, the isolation figure (goal: close to 1).
 */
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);

export interface FanOutResult {
  events: number;
  deliveriesPerSecond: number;
  p99DelayMs: number;
  withDeadEndpoint: {
    deliveriesPerSecond: number;
    p99DelayMs: number;
    p99Ratio: number;
    deadAttempts: number;
  };
}

async function receiver(answer: boolean) {
  const delays: number[] = [];
  let attempts = 0;
  let last = 0;
  const server = http.createServer((req, res) => {
    attempts++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!answer) return; // never answers: the sender's timeout ends it
      const now = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
      delays.push(now - Date.parse(body.timestamp));
      last = now;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    delays,
    attempts: () => attempts,
    last: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1] ?? 0;

async function run(app: App, userId: number, healthyUrl: string, delays: number[], last: () => number) {
  const started = Date.now();
  for (let i = 0; i < EVENTS; i++) await app.events.emit(userId, 'document.uploaded', { documentId: i });
  const deadline = Date.now() + 120_000;
  while (delays.length < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (delays.length < EVENTS)
    throw new Error(`only ${delays.length} of ${EVENTS} deliveries to ${healthyUrl}`);
  return {
    deliveriesPerSecond: Math.round(EVENTS / ((last() - started) / 1000)),
    p99DelayMs: p99(delays),
  };
}

export async function webhookFanOut(): Promise<FanOutResult> {
  const database = await freshDatabase();
  const app = await buildApp({
    config: testConfig(),
    db: { db: database.db, dialect: database.dialect },
    clock: systemClock,
    logger: false,
  });
  await app.ready();
  await app.limitsStore.save({ webhooksAllowHttpLoopback: true });
  const healthy = await receiver(true);
  const healthy2 = await receiver(true);
  const dead = await receiver(false);
  try {
    const at = new Date().toISOString();
    const first = await insertUser(app.db, at, 'bench-one@example.com');
    await app.webhooks.create(first, { url: healthy.url, events: ['document.uploaded'], description: '' });
    const alone = await run(app, first, healthy.url, healthy.delays, healthy.last);

    const second = await insertUser(app.db, at, 'bench-two@example.com');
    await app.webhooks.create(second, { url: dead.url, events: ['document.uploaded'], description: '' });
    await app.webhooks.create(second, { url: healthy2.url, events: ['document.uploaded'], description: '' });
    const beside = await run(app, second, healthy2.url, healthy2.delays, healthy2.last);

    const result: FanOutResult = {
      events: EVENTS,
      ...alone,
      withDeadEndpoint: {
        ...beside,
        p99Ratio: Math.round((beside.p99DelayMs / Math.max(1, alone.p99DelayMs)) * 100) / 100,
        deadAttempts: dead.attempts(),
      },
    };
    console.log(`webhooks: ${EVENTS} events to a local receiver`);
    console.table({
      alone: { 'deliveries/s': alone.deliveriesPerSecond, 'p99 delay ms': alone.p99DelayMs },
      'beside a dead endpoint': {
        'deliveries/s': beside.deliveriesPerSecond,
        'p99 delay ms': beside.p99DelayMs,
      },
    });
    console.log(
      `healthy p99 beside a dead endpoint: ×${result.withDeadEndpoint.p99Ratio} of alone; the dead one was tried ${dead.attempts()} times`,
    );
    return result;
  } finally {
    await app.close();
    await Promise.all([healthy.close(), healthy2.close(), dead.close()]);
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await webhookFanOut();
