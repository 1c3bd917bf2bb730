import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simplePdf } from '../src/server/test/pdfs.ts';
import { startSmtp } from '../src/server/test/smtp.ts';
import type { HttpAgent } from '../src/server/test/server-process.ts';
import { startBenchServer } from './documents.ts';
import { measure, median, printTable, type Measured } from './lib.ts';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Requests made one at a time through the API, the per-row baseline. */
const ALONE = Number(process.env.BENCH_ALONE ?? 100);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function json<T>(agent: HttpAgent, url: string, init: { method?: string; body?: unknown } = {}) {
  const res = await agent.fetch(url, init);
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A one-page template with one signing role and a keyed text field, as a bulk send uses it. */
async function makeTemplate(base: string, agent: HttpAgent) {
  const form = new FormData();
  form.set('name', 'Bench consent');
  form.set('file', new Blob([new Uint8Array(await simplePdf(1))], { type: 'application/pdf' }), 'c.pdf');
  const res = await fetch(`${base}/api/templates`, {
    method: 'POST',
    headers: { cookie: agent.cookie, 'x-csrf-token': agent.csrf },
    body: form,
  });
  if (res.status !== 201) throw new Error(`template: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { template: { id: number } }).template.id;
  await json(agent, `/api/templates/${id}`, {
    method: 'PATCH',
    body: {
      roles: [{ name: 'Client', role: 'signer' }],
      fields: [
        { role: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } },
        { role: 0, type: 'text', page: 1, rect: { x: 72, y: 300, width: 200, height: 24 }, key: 'ref' },
      ],
      requireCode: false,
      reminders: null,
    },
  });
  return id;
}

let people = 0;
const csvOf = (rows: number) =>
  [
    'Client name,Client email,ref',
    ...Array.from({ length: rows }, () => `Client ${++people},bulk-${people}@example.com,R-${people}`),
  ].join('\n');

/** One bulk send to the end: the server's own start and finish times, so polling adds nothing. */
async function bulkSend(agent: HttpAgent, templateId: number, during?: () => Promise<Measured>, rows = ROWS) {
  const started = await json<{ bulk: { id: number } }>(agent, `/api/templates/${templateId}/bulk`, {
    method: 'POST',
    body: { csv: csvOf(rows) },
  });
  const id = started.bulk.id;
  const measured = during ? await during() : undefined;
  const runningAfter =
    (await json<{ bulk: { status: string } }>(agent, `/api/bulk/${id}`)).bulk.status === 'running';
  for (;;) {
    const { bulk } = await json<{
      bulk: { status: string; sent: number; failed: number; createdAt: string; finishedAt: string | null };
    }>(agent, `/api/bulk/${id}`);
    if (bulk.status === 'completed') {
      if (bulk.failed > 0) throw new Error(`${bulk.failed} rows failed`);
      const seconds = (Date.parse(bulk.finishedAt!) - Date.parse(bulk.createdAt)) / 1000;
      return { perSecond: bulk.sent / seconds, seconds, measured, runningAfter };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * `npm run bench -- templates`: a bulk send of 5,000 rows on SQLite through the job queue, in
 * requests a second; look-ups while it runs against idle; and the cost of a row against the same
 * request made alone through the API, all in the same run.
 */
export async function benchTemplates() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-templates-'));
  const smtp = await startSmtp();
  const server = await startBenchServer(
    dir,
    { SMTP_URL: smtp.url },
    { signingRequestsPerUserPerHour: 1e9, bulkRowsPerUserPerDay: 1e9, storageQuotaBytes: 64 * 2 ** 30 },
  );
  try {
    const { app, agent, lookupUrl } = server;
    const templateId = await makeTemplate(app.base, agent);
    // Warm-up: the PDF pool, the queue, the mail path.
    await bulkSend(agent, templateId, undefined, Math.min(ROWS, 200));

    const alone: number[] = [];
    for (let i = 0; i < ALONE; i++) {
      const t0 = performance.now();
      await json(agent, `/api/templates/${templateId}/requests`, {
        method: 'POST',
        body: {
          recipients: [{ name: `Alone ${i}`, email: `alone-${i}@example.com` }],
          values: { ref: `A-${i}` },
        },
      });
      alone.push(performance.now() - t0);
    }
    const aloneMs = alone.sort((a, b) => a - b)[Math.floor(alone.length / 2)]!;

    const rates: number[] = [];
    const ratios: number[] = [];
    const idles: Measured[] = [];
    const durings: Measured[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const idle = await measure('look-up, idle', lookupUrl);
      const run = await bulkSend(agent, templateId, () =>
        measure('look-up, while a bulk send runs', lookupUrl),
      );
      const during = run.measured!;
      idles.push(idle);
      durings.push(during);
      rates.push(run.perSecond);
      ratios.push(during.rps / idle.rps);
      console.log(
        `round ${round}: ${ROWS} rows in ${run.seconds.toFixed(1)} s, ${run.perSecond.toFixed(0)} requests/s; ` +
          `look-ups ${idle.rps.toFixed(0)} -> ${during.rps.toFixed(0)} /s (${(during.rps / idle.rps).toFixed(2)}x)` +
          (run.runningAfter ? '' : '; the send ended before the look-ups did: this round overstates'),
      );
    }
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const rate = mid(rates);
    const ratio = mid(ratios);
    const perRowMs = 1000 / rate;
    const cost = perRowMs / aloneMs;
    console.log(`\n## templates: bulk send of ${ROWS} rows on SQLite, median of ${ROUNDS} rounds`);
    printTable(median(idles), [median(durings)]);
    console.log(
      `requests created a second from the queue (goal >= 100): ${rate.toFixed(0)} ${verdict(rate >= 100)}`,
    );
    console.log(`look-ups while it runs / idle (goal >= 0.6): ${ratio.toFixed(2)}x ${verdict(ratio >= 0.6)}`);
    console.log(
      `a row's cost (${perRowMs.toFixed(1)} ms) / the same request alone through the API ` +
        `(${aloneMs.toFixed(1)} ms, median of ${ALONE}) (goal <= 1x): ${cost.toFixed(2)}x ${verdict(cost <= 1)}`,
    );
    console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
    return { rate, ratio, cost, aloneMs, perRowMs };
  } finally {
    await server.app.stop();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
