import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../env.ts';
import { testApp, type TestContext } from '../test/test-app.ts';
import { STATIC_ROUTE, UNMATCHED_ROUTE } from './metrics.ts';

const TOKEN = 'metrics-test-token-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text exposition format 0.0.4, strictly: every sample belongs to a family with HELP and TYPE. */
function parsePrometheus(text: string) {
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') types.set(meta[2]!, meta[3]!);
      else helps.add(meta[2]!);
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus line: ${line}`);
    const labels: Record<string, string> = {};
    const labelRe = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
    const body = m[2] ?? '';
    let consumed = 0;
    for (let l = labelRe.exec(body); l; l = labelRe.exec(body)) {
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      consumed = labelRe.lastIndex;
    }
    if (consumed !== body.length) throw new Error(`bad labels: ${line}`);
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3]);
    if (Number.isNaN(value) && m[3] !== 'NaN' && m[3] !== 'Nan') throw new Error(`bad value: ${line}`);
    const family = [...types.keys()].find(
      (f) =>
        m[1] === f || (types.get(f) === 'histogram' && /^_(bucket|sum|count)$/.test(m[1]!.slice(f.length))),
    );
    if (!family || !helps.has(family)) throw new Error(`sample without HELP and TYPE: ${line}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return { types, samples };
}

const find = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

test('a METRICS_TOKEN short enough to guess is refused at start', () => {
  expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(/METRICS_TOKEN must be at least 16/);
  // a bearer token cannot carry a space: such a token could never be sent
  expect(() => loadConfig({ METRICS_TOKEN: `${TOKEN} ${TOKEN}` })).toThrow(/without spaces/);
  expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  expect(loadConfig({ METRICS_TOKEN: ' ' }).metricsToken).toBeUndefined();
});

describe('metrics off (no METRICS_TOKEN)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await testApp();
  });
  afterAll(() => ctx.close());

  test('/metrics is unknown, with or without a token', async () => {
    expect((await ctx.app.inject('/metrics')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/metrics', headers: bearer })).statusCode).toBe(404);
  });
});

describe('metrics on', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await testApp({ metricsToken: TOKEN });
  });
  afterAll(() => ctx.close());

  const scrape = async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    return res;
  };

  test.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer metrics-test-token-0123456788' }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token without the Bearer scheme', { authorization: TOKEN }],
    ['the token as Basic credentials', { authorization: `Basic ${TOKEN}` }],
  ])('%s answers 401 without metrics', async (_name, headers) => {
    const res = await ctx.app.inject({ url: '/metrics', headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).not.toContain('inkproof_');
  });

  test('the token answers 200 in the Prometheus text format', async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const { types } = parsePrometheus(res.body);
    expect(types.get('inkproof_http_requests_total')).toBe('counter');
    expect(types.get('inkproof_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('inkproof_process_cpu_user_seconds_total')).toBe('counter');
    expect(types.get('inkproof_nodejs_eventloop_lag_seconds')).toBe('gauge');
  });

  test('requests are counted by route pattern and status, never by the requested URL', async () => {
    const route = '/api/signatures/reference/:ref';
    const refs = ['SIG-20260101-AAAAAA', 'SIG-20260102-BBBBBB', 'SIG-20260103-CCCCCC'];
    for (const ref of refs)
      expect((await ctx.app.inject(`/api/signatures/reference/${ref}`)).statusCode).toBe(404);
    for (let i = 0; i < 2; i++) expect((await ctx.app.inject('/healthz')).statusCode).toBe(200);
    expect((await ctx.app.inject('/no-such-page/12345')).statusCode).toBe(404);

    const res = await scrape();
    const { samples } = parsePrometheus(res.body);
    const labels = { method: 'GET', route, status: '404' };
    expect(find(samples, 'inkproof_http_requests_total', labels).map((s) => s.value)).toEqual([3]);
    const health = { method: 'GET', route: '/healthz', status: '200' };
    expect(find(samples, 'inkproof_http_requests_total', health).map((s) => s.value)).toEqual([2]);
    const unmatched = { route: UNMATCHED_ROUTE, status: '404' };
    expect(find(samples, 'inkproof_http_requests_total', unmatched).map((s) => s.value)).toEqual([1]);

    const buckets = find(samples, 'inkproof_http_request_duration_seconds_bucket', labels);
    expect(buckets.at(-1)).toMatchObject({ labels: { le: '+Inf' }, value: 3 });
    const counts = buckets.map((b) => b.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b)); // cumulative
    expect(find(samples, 'inkproof_http_request_duration_seconds_count', labels)[0]?.value).toBe(3);
    expect(find(samples, 'inkproof_http_request_duration_seconds_sum', labels)[0]?.value).toBeGreaterThan(0);

    for (const s of samples) expect(s.labels.route ?? '').not.toMatch(/SIG-|12345/);
    expect(res.body).not.toMatch(/SIG-2026|12345/);
  });

  test('the PDF pool and the database pool are reported', async () => {
    const { samples } = parsePrometheus((await scrape()).body);
    const value = (name: string) => find(samples, name, {})[0]?.value;
    expect(value('inkproof_pdf_pool_size')).toBe(ctx.app.pdf.stats().size);
    expect(value('inkproof_pdf_pool_queued_jobs')).toBe(0);
    expect(value('inkproof_pdf_pool_busy_workers')).toBe(0);
    expect(value('inkproof_db_pool_max_connections')).toBe(ctx.app.dialect === 'sqlite' ? 1 : 10);
    expect(value('inkproof_db_pool_open_connections')).toBeGreaterThanOrEqual(1);
    expect(value('inkproof_db_pool_waiting_queries')).toBe(0);
  });

  test('a second app in the same process keeps its own request counts', async () => {
    const other = await testApp({ metricsToken: TOKEN });
    try {
      const res = await other.app.inject({ url: '/metrics', headers: bearer });
      const { samples } = parsePrometheus(res.body);
      expect(find(samples, 'inkproof_http_requests_total', { route: '/healthz' })).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

test("the web app's files are counted as one static route, not one series per file", async () => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-metrics-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>x</title>');
  for (const name of ['a-1.js', 'b-2.js']) fs.writeFileSync(path.join(webRoot, 'assets', name), '1');
  const ctx = await testApp({ metricsToken: TOKEN, webRoot });
  try {
    for (const url of ['/assets/a-1.js', '/assets/b-2.js', '/assets/a-1.js'])
      expect((await ctx.app.inject(url)).statusCode).toBe(200);
    const res = await ctx.app.inject({ url: '/metrics', headers: bearer });
    const { samples } = parsePrometheus(res.body);
    const total = find(samples, 'inkproof_http_requests_total', { route: STATIC_ROUTE, status: '200' });
    expect(total.map((s) => s.value)).toEqual([3]);
    expect(res.body).not.toContain('/assets/');
  } finally {
    await ctx.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  }
});
