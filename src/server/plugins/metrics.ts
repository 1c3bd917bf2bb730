import crypto from 'node:crypto';
import type PromClient from 'prom-client';
import type { Metric, Registry } from 'prom-client';
import { fileAnswer } from '#shared/answers.ts';
import { lazyRequire } from '../lib/lazy-require.ts';
import { unauthenticated } from '../lib/outcomes.ts';

/** Loaded only when metrics are on (METRICS_TOKEN): an instance without them never pays for it. */
const promClient = lazyRequire<typeof PromClient>('prom-client');
import type { App } from '../app-types.ts';
import { poolStats } from '../db/kysely.ts';
import { HttpTally, LATENCY_BOUNDS, type Series } from './http-tally.ts';

export const METRICS_PREFIX = 'inkproof_';
/** Requests no route matched: unknown paths, and the web app's pages that the not-found handler renders. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** Files of the built web app and the pages behind them: @fastify/static's one wildcard route (app.ts). */
export const STATIC_ROUTE = '(static)';
const STATIC_FILES_PATTERN = '/*';

let processRegistry: Registry | undefined;

/**
 * CPU, memory, event-loop lag, GC and handles belong to the process, not to one app: collected
 * once per process (tests build many apps; each collection adds a GC observer and a lag monitor
 * that nothing can stop) and shared by every app's registry.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new (promClient().Registry)();
    promClient().collectDefaultMetrics({ register: processRegistry, prefix: METRICS_PREFIX });
  }
  return processRegistry;
}

type Value = { value: number; metricName: string; labels: object; sharedLabels: Series['labels'] };

/**
 * A metric the registry formats from the tallies when scraped. prom-client has no way to hand a
 * Histogram counts kept elsewhere; its registry only needs `get()` (the shape its own metrics return).
 */
function talliedMetric(name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]) {
  const metric = { name, help, type, aggregator: 'sum' as const };
  return {
    ...metric,
    get: async () => ({ ...metric, values: values() }),
    reset: () => {},
  } as unknown as Metric;
}

function httpMetrics(tally: HttpTally): Metric[] {
  const requests = `${METRICS_PREFIX}http_requests_total`;
  const duration = `${METRICS_PREFIX}http_request_duration_seconds`;
  return [
    talliedMetric(requests, 'HTTP requests answered, by route pattern, method and status.', 'counter', () =>
      [...tally.series()].map((s) => ({
        metricName: requests,
        labels: {},
        sharedLabels: s.labels,
        value: s.count,
      })),
    ),
    talliedMetric(
      duration,
      'Time from request to response, by route pattern, method and status.',
      'histogram',
      () => {
        const out: Value[] = [];
        const line = (suffix: string, labels: object, s: Series, value: number) =>
          out.push({ metricName: duration + suffix, labels, sharedLabels: s.labels, value });
        for (const s of tally.series()) {
          let cumulative = 0;
          LATENCY_BOUNDS.forEach((le, i) => line('_bucket', { le }, s, (cumulative += s.buckets[i]!)));
          line('_bucket', { le: '+Inf' }, s, s.count);
          line('_sum', {}, s, s.sum);
          line('_count', {}, s, s.count);
        }
        return out;
      },
    ),
  ];
}

function gauges(app: App, registry: Registry) {
  const gauge = (name: string, help: string, read: () => number) =>
    new (promClient().Gauge)({
      name: METRICS_PREFIX + name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('pdf_pool_size', 'PDF worker threads at most.', () => app.pdf.stats().size);
  gauge('pdf_pool_workers', 'PDF worker threads started.', () => app.pdf.stats().workers);
  gauge('pdf_pool_busy_workers', 'PDF worker threads running a job.', () => app.pdf.stats().busy);
  gauge('pdf_pool_queued_jobs', 'PDF jobs waiting for a worker.', () => app.pdf.stats().queued);
  // SQLite: one synchronous connection, always idle between queries, never a queue.
  gauge('db_pool_max_connections', 'Database connections at most.', () => poolStats(app.db).max);
  gauge('db_pool_open_connections', 'Database connections open.', () => poolStats(app.db).open);
  gauge('db_pool_idle_connections', 'Database connections open and idle.', () => poolStats(app.db).idle);
  gauge(
    'db_pool_waiting_queries',
    'Queries waiting for a database connection.',
    () => poolStats(app.db).waiting,
  );
  // The whole queue (every instance's jobs), counted at scrape time: one grouped query on an index.
  new (promClient().Gauge)({
    name: `${METRICS_PREFIX}jobs`,
    help: 'Jobs in the durable job queue, by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      for (const [status, n] of Object.entries(await app.jobs.counts())) this.set({ status }, n);
    },
  });
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/**
 * GET /metrics in the Prometheus text format, for `Authorization: Bearer <token>` only. Called
 * only when METRICS_TOKEN is set: otherwise there is no route and no per-request hook at all.
 */
export function registerMetrics(app: App, token: string) {
  // The route pattern, never the requested URL: one series per route, however many ids are asked for.
  const tally = new HttpTally((url) =>
    url === undefined ? UNMATCHED_ROUTE : url === STATIC_FILES_PATTERN ? STATIC_ROUTE : url,
  );
  // A callback hook, not async: no promise per request on the hot path.
  app.addHook('onResponse', (req, reply, done) => {
    tally.record(req.routeOptions.url, req.method, reply.statusCode, reply.elapsedTime);
    done();
  });

  const own = new (promClient().Registry)();
  for (const metric of httpMetrics(tally)) own.registerMetric(metric);
  gauges(app, own);
  const registry = promClient().Registry.merge([processMetrics(), own]);

  const expected = digest(token);
  const schema = { response: { 200: fileAnswer('text/plain; version=0.0.4') } };
  app.get('/metrics', { schema }, async (req, reply) => {
    const sent = /^Bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    // Compared as digests: equal lengths, so the comparison time says nothing about the token.
    if (!sent || !crypto.timingSafeEqual(digest(sent), expected)) {
      void reply.header('WWW-Authenticate', 'Bearer');
      throw unauthenticated('Send the metrics token as Authorization: Bearer <METRICS_TOKEN>');
    }
    const body = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(body);
  });
}
