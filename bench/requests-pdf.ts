import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createSelfSignedIdentity } from '../src/server/modules/pdf/self-signed.ts';
import { rasterize } from '../src/server/modules/pdf/image.ts';
import {
  completeRequest,
  stampRecipient,
  type RecipientField,
} from '../src/server/modules/pdf/request-jobs.ts';
import { largePdf } from '../src/server/test/pdfs.ts';
import { HttpAgent } from '../src/server/test/server-process.ts';
import { linkIn, startSmtp } from '../src/server/test/smtp.ts';
import { SIGNATURE_SVG } from '../src/server/test/fixtures.ts';
import { oursOnce, ownerSignHttp, startBenchServer, uploadBenchPdf } from './documents.ts';
import { measure, measureDuring, printTable } from './lib.ts';
import type { Finish, FinisherCommand, FinisherReport } from './requests-finisher.ts';

/**
 * The PDF side of signing requests: one recipient's finish on a 100-page 10 MB file
 * against the owner signing the same file, measured in the same run (target: at most 1.5x), first
 * as the PDF work alone, then through the API; and look-up p99 while 4 finishes run (target: at
 * most 2x idle).
 */
const ROUNDS = Number(process.env.BENCH_REQ_ROUNDS ?? 7);
const HTTP_ROUNDS = Number(process.env.BENCH_REQ_HTTP_ROUNDS ?? 5);
/**
 * Requests prepared per round of the look-ups-during-finishes part (1 MB each); 0 skips that part.
 * Enough for the finishes to last the whole measured run (1 s warm-up + BENCH_SECONDS) at ~20/s:
 * a burst that runs out early leaves look-ups an idle tail and understates the ratio.
 */
const BURST_REQUESTS = Number(process.env.BENCH_REQ_DOCS ?? 160);
/**
 * The recipients' finishes come from a child process (requests-finisher.ts), not from the load
 * generator's own event loop; BENCH_REQ_FINISHES=inline runs them here, as before.
 */
const INLINE_FINISHES = process.env.BENCH_REQ_FINISHES === 'inline';
/** Rounds of idle and during, alternating; the verdict is on the median ratio. */
const P99_ROUNDS = Number(process.env.BENCH_REQ_P99_ROUNDS ?? 3);

const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
const SIGNED_AT = '2025-04-14 10:00 UTC';
const VERIFY =
  'https://inkproof.example/verify-signature?id=12&ref=SIG-20250414-ABCDEFGHJKLM&name=Ann%20Lee&timestamp=2025-04-14T10%3A00%3A00.000Z';

/** A recipient's fields as the API fills them: a drawn signature, their name and the date. */
const recipientFields = (page: number): RecipientField[] => [
  {
    kind: 'signature',
    page,
    rect: { x: 72, y: 600, width: 180, height: 80 },
    image: 0,
    verification: { reference: 'SIG-20250414-ABCDEFGHJKLM', verifyUrl: VERIFY },
  },
  { kind: 'name', page, rect: { x: 300, y: 620, width: 200, height: 20 }, text: 'Ann Lee' },
  { kind: 'date', page, rect: { x: 300, y: 650, width: 120, height: 20 }, text: '2025-04-14' },
];

/** What the server does per finish: rasterise the drawn signature, then the worker's job. */
async function finishOnce(pdf: Uint8Array, png: Buffer, page: number) {
  const image = await rasterize(png, 'image/png', 750);
  const res = await stampRecipient({
    file: [pdf],
    images: [image],
    fields: recipientFields(page),
    signerName: 'Ann Lee',
    signedAt: SIGNED_AT,
  });
  if (res.kind !== 'ok') throw new Error(`stampRecipient: ${res.kind}`);
  return res;
}

interface Timed {
  wallMs: number;
  cpuMs: number;
}
async function timed(work: () => Promise<unknown>): Promise<Timed> {
  const t = performance.now();
  const c = process.cpuUsage();
  await work();
  const used = process.cpuUsage(c);
  return { wallMs: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
}
const medians = (runs: Timed[]): Timed => ({
  wallMs: median(runs.map((r) => r.wallMs)),
  cpuMs: median(runs.map((r) => r.cpuMs)),
});

/**
 * The PDF work alone, in this process, the kinds taking turns round by round so a change in the
 * machine's load falls on all of them alike.
 */
export async function finishVersusOwnerSigning() {
  const pdf = await largePdf(10_000_000, 100);
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  const identity = await createSelfSignedIdentity('Inkproof bench');
  const first = await finishOnce(pdf, png, 1);
  const second = await finishOnce(first.bytes, png, 2);
  const events = Array.from({ length: 12 }, (_, i) => ({
    at: new Date(Date.UTC(2025, 3, 14, 10, i)).toISOString(),
    kind: ['created', 'sent', 'opened', 'code-verified', 'signed', 'completed'][i % 6]!,
    actor: 'Ann Lee <ann@example.com>',
    ip: '203.0.113.5',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
  }));
  const complete = async () => {
    const res = await completeRequest({
      file: [second.bytes],
      documentName: 'Benchmark contract',
      requestId: '1',
      reference: 'DOC-20250414-BENCH234',
      verifyUrl: 'https://inkproof.example/verify-signature?document=DOC-20250414-BENCH234',
      checkUrl: 'https://inkproof.example/verify-signature',
      events,
      original: { sha256: sha(pdf), length: pdf.length },
      revisions: [first, second].map((r, i) => ({ ...r, label: `Signed by signer ${i + 1}` })),
      certificateSubject: 'Inkproof bench',
      identity,
      signingTime: Date.now(),
      reason: 'Benchmark',
      location: 'inkproof.example',
    });
    if (res.kind !== 'ok') throw new Error(`completeRequest: ${res.kind}`);
  };
  const kinds = {
    owner: () => oursOnce(pdf, png, identity),
    first: () => finishOnce(pdf, png, 1),
    later: () => finishOnce(first.bytes, png, 2),
    complete,
  };
  const runs: Record<keyof typeof kinds, Timed[]> = { owner: [], first: [], later: [], complete: [] };
  for (const work of Object.values(kinds)) await work(); // warm-up
  for (let i = 0; i < ROUNDS; i++)
    for (const [kind, work] of Object.entries(kinds))
      runs[kind as keyof typeof kinds].push(await timed(work));
  const m = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, medians(v)])) as Record<
    keyof typeof kinds,
    Timed
  >;

  console.log(
    `\n## requests, PDF side: ${(pdf.length / 1e6).toFixed(1)} MB, 100 pages, median of ${ROUNDS}, PDF work in this process`,
  );
  const row = (label: string, t: Timed, base?: Timed) =>
    console.log(
      `${label.padEnd(66)} ${`${t.wallMs.toFixed(0)} / ${t.cpuMs.toFixed(0)} ms`.padStart(14)}` +
        (base
          ? `  ${(t.wallMs / base.wallMs).toFixed(2)}x wall, ${(t.cpuMs / base.cpuMs).toFixed(2)}x cpu`
          : ''),
    );
  console.log(`${'operation'.padEnd(66)} ${'wall / cpu'.padStart(14)}  vs owner signing`);
  row('owner signing (3 signatures, QR stamps, certificate page, PAdES)', m.owner);
  row("a recipient's finish (signature + QR stamp, name, date; no seal)", m.first, m.owner);
  row('a later recipient (the file holds one revision already)', m.later, m.owner);
  row('completion (audit-trail page, PAdES seal)', m.complete, m.owner);
  const wall = m.first.wallMs / m.owner.wallMs;
  const cpu = m.first.cpuMs / m.owner.cpuMs;
  console.log(
    `recipient finish / owner signing (target <= 1.5x): wall ${wall.toFixed(2)}x ${verdict(wall <= 1.5)}, ` +
      `cpu ${cpu.toFixed(2)}x ${verdict(cpu <= 1.5)}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  return m;
}

type Server = Awaited<ReturnType<typeof startBenchServer>>;
type Smtp = Awaited<ReturnType<typeof startSmtp>>;

let requestCount = 0;

/** One request to 20 signers at once: each gets a link by mail (queued in the same transaction). */
async function createTwenty(server: Server, documentId: number) {
  const n = ++requestCount;
  const recipients = Array.from({ length: 20 }, (_, i) => ({
    name: `Signer ${i + 1}`,
    email: `twenty-${n}-${i}@example.com`,
    role: 'signer',
  }));
  const res = await server.agent.fetch(`/api/documents/${documentId}/requests`, {
    method: 'POST',
    body: {
      recipients,
      order: 'parallel',
      requireCode: false,
      reminders: null,
      fields: recipients.map((_, recipient) => ({
        recipient,
        type: 'signature',
        page: (recipient % 10) + 1,
        rect: { x: 72, y: 80 + Math.floor(recipient / 10) * 90, width: 180, height: 80 },
        required: true,
      })),
    },
  });
  if (res.status !== 201) throw new Error(`create request: ${res.status} ${await res.text()}`);
}
/**
 * A request with two signers in parallel (the first one's finish then lands a revision without
 * completing the request); answers the first signer's browser, opened on their link, and their
 * signature field's id.
 */
async function requestForFirstSigner(server: Server, smtp: Smtp, documentId: number) {
  const n = ++requestCount;
  const recipients = [1, 2].map((i) => ({
    name: `Signer ${i}`,
    email: `signer-${n}-${i}@example.com`,
    role: 'signer',
  }));
  const res = await server.agent.fetch(`/api/documents/${documentId}/requests`, {
    method: 'POST',
    body: {
      recipients,
      order: 'parallel',
      requireCode: false,
      reminders: null,
      fields: [0, 1].map((recipient) => ({
        recipient,
        type: 'signature',
        page: recipient + 1,
        rect: { x: 72, y: 600, width: 180, height: 80 },
        required: true,
      })),
    },
  });
  if (res.status !== 201) throw new Error(`create request: ${res.status} ${await res.text()}`);
  const mail = await smtp.waitFor(recipients[0]!.email, 1, 30_000);
  const token = linkIn(mail, '/sign/').pathname.split('/').pop()!;
  const browser = new HttpAgent(server.app.base);
  // Each recipient from an address of their own (TRUST_PROXY), as on their own phones: limits per IP.
  const headers = { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  const view = await browser.fetch(`/api/sign/${token}`, { headers });
  if (view.status !== 200) throw new Error(`open link: ${view.status} ${await view.text()}`);
  const fields = ((await view.json()) as { fields: { id: number; type: string }[] }).fields;
  return { browser, headers, token, fieldId: fields.find((f) => f.type === 'signature')!.id };
}

/** Look-ups measured while a child process finishes `prepared`, 4 at a time (requests-finisher.ts). */
async function measureWhileFinishing(
  lookupUrl: string,
  prepared: Awaited<ReturnType<typeof requestForFirstSigner>>[],
  image: string,
) {
  const child = fork('bench/requests-finisher.ts', [], { execArgv: ['--import', 'tsx'] });
  try {
    await new Promise<void>((resolve) => child.once('message', () => resolve()));
    const done = new Promise<FinisherReport>((resolve) => child.once('message', resolve));
    const finishes: Finish[] = prepared.map((p) => ({
      base: p.browser.base,
      cookie: p.browser.cookie,
      csrf: p.browser.csrf,
      token: p.token,
      headers: p.headers,
      fieldId: p.fieldId,
    }));
    child.send({ kind: 'start', finishes, image, inFlight: 4 } satisfies FinisherCommand);
    const during = await measure('look-up, while 4 recipients finish', lookupUrl);
    child.send({ kind: 'stop' } satisfies FinisherCommand);
    const report = await done;
    if (report.failed) throw new Error(report.failed);
    return { during, times: report.times.sort((a, b) => a - b), unused: report.unused };
  } finally {
    child.kill();
  }
}

async function finishHttp(prepared: Awaited<ReturnType<typeof requestForFirstSigner>>, image: string) {
  const res = await prepared.browser.fetch(`/api/sign/${prepared.token}/complete`, {
    method: 'POST',
    headers: prepared.headers,
    body: { values: [{ fieldId: prepared.fieldId, kind: 'image', image, method: 'draw' }] },
  });
  if (res.status !== 200) throw new Error(`finish: ${res.status} ${await res.text()}`);
}

/**
 * Through the API of a real server (SQLite): the owner signing a 10 MB file against a recipient
 * finishing one, taking turns; then look-ups alone and while 4 finishes run (1 MB files).
 * Answers null when this build has no signing requests.
 */
export async function finishesThroughTheApi() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-req-'));
  const smtp = await startSmtp();
  const server = await startBenchServer(
    dir,
    { SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1' },
    // 3 rounds of 160 requests on 1 MB files, plus the 10 MB rounds: over the default 500 MB
    { signingRequestsPerUserPerHour: 1e9, storageQuotaBytes: 4 * 2 ** 30 },
  );
  try {
    const { app, agent, signature, lookupUrl } = server;
    // Without the route an invalid body answers 404; with it, 400 from its schema.
    const probe = await agent.fetch('/api/documents/0/requests', { method: 'POST', body: {} });
    if (probe.status === 404) {
      console.log('\n## requests through the API: skipped, this build has no signing requests');
      return null;
    }
    const image = `data:image/png;base64,${server.png.toString('base64')}`;
    const small = await largePdf(1_000_000, 10);
    const created: number[] = [];
    for (let i = 0; i <= HTTP_ROUNDS; i++) {
      const docId = await uploadBenchPdf(app.base, agent, small, `Twenty ${i}`);
      const t = await timed(() => createTwenty(server, docId));
      if (i > 0) created.push(t.wallMs); // the first is the warm-up
    }
    console.log(`\n## requests through the API`);
    console.log(
      `create + send to 20 recipients (parallel, a signature field each, 20 mails queued): ` +
        `median ${median(created).toFixed(0)} ms of ${HTTP_ROUNDS}`,
    );
    const big = await largePdf(10_000_000, 100);
    const owner: number[] = [];
    const finish: number[] = [];
    for (let i = 0; i <= HTTP_ROUNDS; i++) {
      const signedId = await uploadBenchPdf(app.base, agent, big, `Owner ${i}`);
      const requested = await requestForFirstSigner(
        server,
        smtp,
        await uploadBenchPdf(app.base, agent, big, `Request ${i}`),
      );
      const o = await timed(() => ownerSignHttp(agent, signedId, signature.id));
      const f = await timed(() => finishHttp(requested, image));
      if (i === 0) continue; // warm-up
      owner.push(o.wallMs);
      finish.push(f.wallMs);
    }
    const ratio = median(finish) / median(owner);
    console.log(`\n## a recipient's finish through the API, 10 MB / 100 pages, median of ${HTTP_ROUNDS}`);
    console.log(
      `owner signing ${median(owner).toFixed(0)} ms, one recipient's finish ${median(finish).toFixed(0)} ms: ` +
        `${ratio.toFixed(2)}x (target <= 1.5x) ${verdict(ratio <= 1.5)}`,
    );

    if (BURST_REQUESTS <= 0) return { owner: median(owner), finish: median(finish) };
    const ratios: number[] = [];
    const wholeRatios: number[] = [];
    let idle, during;
    for (let round = 1; round <= P99_ROUNDS; round++) {
      const prepared = [];
      for (let i = 0; i < BURST_REQUESTS; i++)
        prepared.push(
          await requestForFirstSigner(
            server,
            smtp,
            await uploadBenchPdf(app.base, agent, small, `Burst ${i}`),
          ),
        );
      idle = await measure('look-up, idle', lookupUrl);
      const run = INLINE_FINISHES
        ? await measureDuring('look-up, while 4 recipients finish', lookupUrl, prepared, (p) =>
            finishHttp(p, image),
          )
        : await measureWhileFinishing(lookupUrl, prepared, image);
      during = run.during;
      printTable(idle, [during]);
      const whole = during.p99 / idle.p99;
      const exact = during.p99Exact! / idle.p99Exact!;
      ratios.push(exact);
      wholeRatios.push(whole);
      console.log(
        `round ${round}: ${run.times.length} finishes of 1 MB files meanwhile (4 in flight${
          run.unused === 0 ? ', ran out before the end: this round understates' : ''
        }): median ${median(run.times).toFixed(0)} ms; look-up p99 ` +
          `${idle.p99Exact!.toFixed(2)} -> ${during.p99Exact!.toFixed(2)} ms, ${exact.toFixed(2)}x ` +
          `(autocannon's whole ms: ${idle.p99} -> ${during.p99}, ${whole.toFixed(2)}x)`,
      );
    }
    const p99 = median(ratios);
    console.log(
      `look-up p99 while 4 finishes run, median of ${ratios.length} rounds: ${p99.toFixed(2)}x idle ` +
        `(${ratios.map((r) => r.toFixed(2)).join(', ')}; in autocannon's whole ms ` +
        `${median(wholeRatios).toFixed(2)}x) (target <= 2x) ${verdict(p99 <= 2)}`,
    );
    return { owner: median(owner), finish: median(finish), idle, during };
  } finally {
    await server.app.stop();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
