import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readLink } from '#shared/seals/link.ts';
import { parseEntry } from '#shared/seals/log-entry.ts';
import { decodeSealToken } from '#shared/seals/token.ts';
import { buildApp } from '#server/app.ts';
import { freshDatabase, ManualClock, testConfig } from '#server/test/test-app.ts';
import { COMPLETION_RETRY_MS } from '../requests/finish.ts';
import { signatureSubject } from './entries.ts';
import { LogStore } from './log-store.ts';

/**
 * A server killed with SIGKILL at each step of a recipient's finish (which completes the request)
 * and of an owner's signing, then started again: the log's issuance leaves and the rows they record
 * match one to one, and each sealed link names the leaf of its own item (decision 041).
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

/** Runs the action in a server process until it kills itself at `step`; returns its last line. */
async function killAt(action: 'finish' | 'sign', step: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/modules/seals/issue-crash-child.ts'],
    {
      env: {
        ...process.env,
        ACTION: action,
        STEP: step,
        ...(database.databaseUrl
          ? { DATABASE_URL: database.databaseUrl }
          : { SQLITE_FILE: database.sqliteFile! }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, sig) => resolve(sig)),
  );
  expect(signal, output).toBe('SIGKILL');
  expect(output.trim().split('\n').at(-1)).toBe(`killed at ${step}`);
}

/**
 * Starts the server again on the database, late enough for the completion a kill cut short to be
 * retried by its job, and stops it; then compares the log with the rows.
 */
async function restartAndCompare() {
  const clock = new ManualClock();
  clock.advance(COMPLETION_RETRY_MS + 1000);
  const app = await buildApp({
    config: testConfig(),
    db: { db: database.db, dialect: database.dialect },
    clock,
    logger: false,
  });
  await app.ready();
  await app.jobs.drain(['requests.complete']);
  await app.seals.log.flush();
  await app.close();

  const store = new LogStore(database.db);
  const state = await store.state();
  // Nothing left waiting: what was claimed is a leaf, what was only reserved is an unused one.
  expect(state.next).toBe(state.size);
  const leaves = (await store.entries(0, state.size)).map((l) => parseEntry(l.entry)!);
  const issued = leaves
    .filter((l) => l.event !== 'index.unused')
    .map((l) => `${l.event} ${l.subject}`)
    .sort();

  const signatures = await database.db.selectFrom('signatures').selectAll().execute();
  const documents = await database.db
    .selectFrom('documents')
    .select(['status', 'sha256', 'sealed_link'])
    .where('status', 'in', ['signed', 'completed'])
    .execute();
  const rows = [
    ...signatures.map((s) => `signature.issued ${signatureSubject(s)}`),
    ...documents.map((d) => `${d.status === 'signed' ? 'document.signed' : 'request.completed'} ${d.sha256}`),
  ].sort();
  expect(issued).toEqual(rows);

  // Each sealed link names its own item's leaf.
  const links = [
    ...signatures.map((s) => ({ link: s.qr_code_data, subject: signatureSubject(s) })),
    ...documents.map((d) => ({ link: d.sealed_link, subject: d.sha256 })),
  ];
  for (const { link, subject } of links) {
    const token = readLink(link ?? '')?.token;
    expect(token, link ?? '').toBeTruthy();
    const seal = decodeSealToken(token!);
    if (!seal.ok) throw new Error(`${link}: ${seal.reason}`);
    expect(leaves[seal.seal.logIndex]?.subject).toBe(subject);
  }
  return { signatures: signatures.length, documents: documents.length };
}

const FINISH_STEPS = [
  // The recipient's signature.
  'issued:1',
  'pdf:1',
  'transaction:1',
  'committed:1',
  // The request's completion, which the finish runs at once.
  'issued:2',
  'pdf:2',
  'transaction:2',
  'committed:2',
  'answered:1',
];
const SIGN_STEPS = ['issued:1', 'pdf:1', 'transaction:1', 'committed:1', 'answered:1'];

test('killed at each step of a recipient’s finish, a restart leaves one leaf for each signature and document', async () => {
  let before = await restartAndCompare();
  for (const step of FINISH_STEPS) {
    await killAt('finish', step);
    const after = await restartAndCompare();
    // The recipient's signature once its transaction commits; the request's completion with it,
    // by the finish or, cut short, by its job after the restart.
    const landed = !['issued:1', 'pdf:1', 'transaction:1'].includes(step);
    expect(after.signatures - before.signatures, step).toBe(landed ? 1 : 0);
    expect(after.documents - before.documents, step).toBe(landed ? 1 : 0);
    before = after;
  }
}, 900_000);

test('killed at each step of an owner’s signing, a restart leaves one leaf for each signature and document', async () => {
  let before = await restartAndCompare();
  for (const step of SIGN_STEPS) {
    await killAt('sign', step);
    const after = await restartAndCompare();
    // The owner's saved signature lands before the signing starts.
    expect(after.signatures - before.signatures, step).toBe(1);
    expect(after.documents - before.documents, step).toBe(
      ['committed:1', 'answered:1'].includes(step) ? 1 : 0,
    );
    before = after;
  }
}, 900_000);
