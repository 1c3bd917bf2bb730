import { buildApp } from '#server/app.ts';
import { createDb } from '#server/db/kysely.ts';
import { Agent, type AgentResponse } from '#server/test/agent.ts';
import { signaturePng, signatureSvgDataUrl } from '#server/test/fixtures.ts';
import { testConfig } from '#server/test/test-app.ts';
import { upload } from '#server/test/documents.ts';
import { simplePdf } from '#server/test/pdfs.ts';

/**
 * A server that signs one item and kills itself with SIGKILL at a named step (issue-crash.test.ts).
 * ACTION: `finish` (a recipient finishes the request's only signature, which completes it) or
 * `sign` (an owner signs a document). STEP: `<point>:<n>`, the n-th time the action passes the
 * point: `issued` (the issuance's link is back), `pdf` (the PDF work is handed to the pool),
 * `transaction` (the item's file, or a finish's revision, is stored inside its transaction),
 * `committed` (the transaction has committed and the log is told), `answered` (the response is
 * back).
 */
const { db, dialect } = process.env.DATABASE_URL
  ? createDb({ databaseUrl: process.env.DATABASE_URL })
  : createDb({ sqliteFile: process.env.SQLITE_FILE! });
const app = await buildApp({ config: testConfig(), db: { db, dialect }, logger: false });
await app.ready();

const [point, nth = '1'] = process.env.STEP!.split(':');
let armed = false;
let seen = 0;
const at = (name: string) => {
  if (!armed || name !== point || ++seen !== Number(nth)) return;
  process.stdout.write(`killed at ${process.env.STEP}\n`);
  process.kill(process.pid, 'SIGKILL');
};

type Method = (...args: unknown[]) => unknown;
/** Calls `hook` after (or, with `before`, before) each call of the object's method. */
function watch<T extends object>(target: T, method: keyof T, hook: () => void, before = false) {
  const real = (target[method] as Method).bind(target);
  (target as Record<keyof T, unknown>)[method] = async (...args: unknown[]) => {
    if (before) hook();
    const result = await real(...args);
    if (!before) hook();
    return result;
  };
}

// the one hook signatures, documents and requests share
const transparency = app.documents.transparency;
watch(transparency, 'issue', () => at('issued'));
watch(transparency, 'appendDue', () => at('committed'), true);
watch(app.documents.files, 'keep', () => at('transaction'));
const pool = app.documents.pdf;
const run = pool.run.bind(pool) as Method;
(pool as { run: Method }).run = (...args: unknown[]) => {
  const job = run(...args);
  if (['sign', 'stampRecipient', 'completeRequest'].includes(args[0] as string)) at('pdf');
  return job;
};
const signingLinks: string[] = [];
const send = app.requests.deps.send;
app.requests.deps.send = (o) => {
  if (o.link.includes('/sign/')) signingLinks.push(o.link);
  send(o);
};

const ok = (res: AgentResponse, status = 200) => {
  if (res.statusCode !== status) throw new Error(`${res.statusCode}: ${res.body}`);
  return res;
};
const owner = new Agent(app);
// Each run signs up from a network of its own: sign-ups are counted per network.
owner.ip = `198.51.${process.pid % 256}.10`;
ok(await owner.register(`owner-${process.pid}@example.com`, 'Str0ng!Pass', { name: 'Olga Owner' }), 201);
const docId = ok(
  await upload(app, owner, { name: 'Lease' }, { filename: 'lease.pdf', bytes: await simplePdf(2) }),
  201,
).json<{ id: number }>().id;

if (process.env.ACTION === 'sign') {
  const sig = ok(
    await owner.post('/api/signatures', {
      signatureData: signatureSvgDataUrl(),
      signerName: 'Olga Owner',
      isDefault: false,
    }),
    201,
  ).json<{ id: number }>();
  armed = true;
  ok(
    await owner.post(`/api/documents/${docId}/sign`, {
      signatures: [{ signatureId: sig.id, position: { page: 1, x: 50, y: 50, width: 200, height: 80 } }],
    }),
  );
} else {
  ok(
    await owner.post(`/api/documents/${docId}/requests`, {
      recipients: [{ name: 'Rita Recipient', email: `rita-${process.pid}@example.com`, role: 'signer' }],
      order: 'sequential',
      requireCode: false,
      fields: [
        {
          recipient: 0,
          type: 'signature',
          page: 1,
          rect: { x: 72, y: 100, width: 180, height: 80 },
          required: true,
        },
      ],
    }),
    201,
  );
  const token = new URL(signingLinks[0]!).pathname.split('/').pop()!;
  const recipient = new Agent(app);
  recipient.ip = '192.0.2.7';
  const view = ok(await recipient.get(`/api/sign/${token}`));
  const fields = view.json<{ fields: { id: number }[] }>().fields;
  const image = await signaturePng();
  armed = true;
  ok(
    await recipient.post(`/api/sign/${token}/complete`, {
      values: fields.map((f) => ({ fieldId: f.id, kind: 'image', image, method: 'draw' })),
    }),
  );
}
at('answered');
process.stdout.write('finished\n');
process.exit(0);
