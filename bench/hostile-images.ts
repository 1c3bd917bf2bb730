import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expensiveSvg, HOSTILE_IMAGES } from '../src/server/test/svgs.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';

/** Rounds of (idle sign-ins, attack, sign-ins under attack): interleaved, so a machine whose load
 * drifts (this one is shared) weighs on both sides alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const RUNS = Number(process.env.BENCH_SIGNINS ?? 3);
const ATTACKERS = 4;
const CAPTCHA = 'Bench1';
const ADMIN = { email: 'admin@example.com', password: 'Str0ng!Pass-bench' };
/** A sign-in still waiting after this long is given up and counted as this long. */
const GIVE_UP_MS = 30_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let nextIp = 1;
const clientIp = () => `198.51.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;

/** One client over real HTTP from its own address (the server trusts X-Forwarded-For from here). */
function client(base: string) {
  const ip = clientIp();
  let cookie = '';
  let csrf = '';
  return async (url: string, body?: unknown, signal?: AbortSignal) => {
    const res = await fetch(base + url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('inkproof_session='));
    if (set) cookie = set.split(';')[0]!;
    csrf = res.headers.get('x-csrf-token') ?? csrf;
    await res.arrayBuffer();
    return res.status;
  };
}

/** The admin signing in (captcha first, untimed): milliseconds of POST /api/login, or null if given up. */
async function signIn(base: string): Promise<number | null> {
  const http = client(base);
  await http('/api/captcha?purpose=login');
  const started = performance.now();
  try {
    const status = await http('/api/login', { ...ADMIN, captcha: CAPTCHA }, AbortSignal.timeout(GIVE_UP_MS));
    if (status !== 200) throw new Error(`sign-in answered ${status}`);
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return null;
    throw err;
  }
  return performance.now() - started;
}

/** RUNS sign-ins one after another; given-up ones count as GIVE_UP_MS. */
async function signIns(base: string) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await signIn(base)) ?? GIVE_UP_MS);
  return times;
}

/** Attackers that each save `svg` anonymously again as soon as the last save is answered. */
function attack(base: string, svg: string) {
  let running = true;
  const statuses: number[] = [];
  const signatureData = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const loops = Array.from({ length: ATTACKERS }, async () => {
    while (running) {
      const http = client(base);
      await http('/api/csrf');
      statuses.push(await http('/api/signatures', { signatureData, signerName: 'Mallory', consent: true }));
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    const counts = new Map<number, number>();
    for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
    return [...counts].map(([s, n]) => `${n}×${s}`).join(' ');
  };
}

/**
 * The admin's sign-in (argon2 verify), idle and while 4 attackers keep saving
 * hostile SVGs. Goal: < 2× idle. Two attacks: a known attack SVG (14,000 curves, stroke-width
 * 400, dasharray 0.01), and SVGs within every static limit that each run to the CPU budget.
 */
export async function benchHostileImages() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-images-'));
  const app = await startServerProcess({
    DATA_DIR: dir,
    INKPROOF_TEST_CAPTCHA: CAPTCHA,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '127.0.0.1',
  });
  try {
    // warm-up: the server's code paths, and the image pool's child (it starts on first use)
    for (let i = 0; i < 3; i++) await signIn(app.base);
    const save = client(app.base);
    await save('/api/csrf');
    const line = '<path d="M10 10L590 240" stroke="#000" stroke-width="2"/>';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="250">${line}</svg>`;
    const warm = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const saved = await save('/api/signatures', { signatureData: warm, signerName: 'Warm', consent: true });
    if (saved !== 201) throw new Error(`warm-up save answered ${saved}`);
    const attacks = [
      ['the known attack SVG (14,000 curves, 466 KB)', HOSTILE_IMAGES[0]!.image()],
      ['SVGs that run to the CPU budget', expensiveSvg()],
    ] as const;
    console.log(
      `\n## hostile images, ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    for (const [label, svg] of attacks) {
      const idle: number[] = [];
      const busy: number[] = [];
      const answers: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        idle.push(...(await signIns(app.base)));
        const stop = attack(app.base, svg);
        await sleep(1000); // the attack is under way
        busy.push(...(await signIns(app.base)));
        answers.push(await stop());
      }
      const [i, b] = [median(idle), median(busy)];
      const shown = b >= GIVE_UP_MS ? `over ${GIVE_UP_MS / 1000} s` : `${b.toFixed(0)} ms`;
      console.log(
        `sign-in idle ${i.toFixed(0)} ms, while ${ATTACKERS} attackers save ${label} ${shown}: ` +
          `${(b / i).toFixed(2)}× (goal < 2×; medians of ${idle.length}); saves answered ${answers.join(', ')}`,
      );
    }
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
