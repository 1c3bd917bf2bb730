/**
 * `npm run witness -- <instance url> [--state <file>]`: a witness of an Inkproof transparency log.
 * Fetches the signed tree head, checks its signature with the instance's published keys, and
 * checks that the log only grew since the last head it saw (RFC 9162 consistency proof). Keeps
 * what it saw in a JSON file. Exit 0: consistent. Exit 1: the log was rewritten, rolled back or
 * forked, a key vanished, or a head is forged. Exit 2: it could not check (network, bad file).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fromHex } from '#shared/seals/bytes.ts';
import { KEYS_PATH, KeyRing, type SealJwk, type SealKeySet } from '#shared/seals/keys.ts';
import { verifyConsistency } from '#shared/seals/merkle.ts';
import { verifyTreeHead, type SignedTreeHead } from '#shared/seals/tree-head.ts';

interface SeenHead extends SignedTreeHead {
  seenAt: string;
}
interface WitnessState {
  version: 1;
  logs: Record<string, { heads: SeenHead[]; keys: SealJwk[] }>;
}

const KEEP_HEADS = 100;

class Caught extends Error {}
class CannotCheck extends Error {}

function parseArgs(argv: string[]) {
  let url: string | undefined;
  let state = 'inkproof-witness.json';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--state') state = argv[++i] ?? state;
    else if (argv[i]?.startsWith('--state=')) state = argv[i]!.slice(8);
    else url ??= argv[i];
  }
  if (!url || !URL.canParse(url))
    throw new CannotCheck('usage: npm run witness -- <instance url> [--state <file>]');
  return { url: url.replace(/\/+$/, ''), statePath: path.resolve(state) };
}

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (err) {
    throw new CannotCheck(`cannot reach ${url}: ${(err as Error).message}`);
  }
  try {
    return { status: res.status, body: (await res.json()) as T };
  } catch {
    throw new CannotCheck(`${url} did not answer JSON (status ${res.status})`);
  }
}

function readState(file: string): WitnessState {
  if (!fs.existsSync(file)) return { version: 1, logs: {} };
  try {
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as WitnessState;
    if (state.version !== 1 || typeof state.logs !== 'object') throw new Error('unknown format');
    return state;
  } catch (err) {
    throw new CannotCheck(`cannot read the witness file ${file}: ${(err as Error).message}`);
  }
}

function writeState(file: string, state: WitnessState) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

const describe = (h: SignedTreeHead) =>
  `size ${h.treeSize}, root ${h.rootHash.slice(0, 16)}…, signed ${new Date(h.timestamp).toISOString()}`;

export async function witness(url: string, statePath: string): Promise<string> {
  const state = readState(statePath);
  const known = state.logs[url] ?? { heads: [], keys: [] };

  const keys = await getJson<SealKeySet>(`${url}${KEYS_PATH}`);
  if (keys.status !== 200 || !Array.isArray(keys.body?.keys))
    throw new CannotCheck(`${url}${KEYS_PATH} answered ${keys.status} without a key set`);
  const listed = new Set(keys.body.keys.map((k) => k.kid));
  const vanished = known.keys.filter((k) => !listed.has(k.kid));
  if (vanished.length > 0)
    throw new Caught(
      `KEY REMOVED: ${url} no longer lists key ${vanished.map((k) => k.kid).join(', ')} it published before; an instance never deletes a key`,
    );
  const ring = await KeyRing.from(keys.body, known.keys);

  const sth = await getJson<SignedTreeHead>(`${url}/api/log/sth`);
  if (sth.status !== 200) throw new CannotCheck(`${url}/api/log/sth answered ${sth.status}`);
  const head = sth.body;
  const signed = await verifyTreeHead(head, ring);
  if (!signed.ok)
    throw new Caught(
      `FORGED HEAD: the tree head of ${url} does not verify (${signed.reason}): ${JSON.stringify(head)}`,
    );

  const last = known.heads.at(-1);
  let verdict: string;
  if (!last) {
    verdict = `first tree head of ${url} recorded: ${describe(head)}`;
  } else if (head.treeSize < last.treeSize) {
    throw new Caught(
      `LOG ROLLED BACK OR FORKED: ${url} now shows ${describe(head)}, smaller than ${describe(last)} seen ${last.seenAt}`,
    );
  } else if (head.treeSize === last.treeSize) {
    if (head.rootHash !== last.rootHash)
      throw new Caught(
        `LOG FORKED: ${url} signed two different roots for size ${head.treeSize}: ${last.rootHash} (seen ${last.seenAt}) and ${head.rootHash}`,
      );
    verdict = `no new entries at ${url}: ${describe(head)}`;
  } else if (last.treeSize === 0) {
    verdict = `${url} grew from an empty log to ${describe(head)}`;
  } else {
    const proof = await getJson<{ consistency?: string[]; message?: string }>(
      `${url}/api/log/proof/consistency?first=${last.treeSize}&second=${head.treeSize}`,
    );
    if (proof.status !== 200 || !Array.isArray(proof.body.consistency))
      throw new Caught(
        `NO PROOF: ${url} refused a consistency proof from size ${last.treeSize} to ${head.treeSize} (${proof.status}: ${proof.body.message ?? ''})`,
      );
    const hashes = proof.body.consistency.map((h) => fromHex(h) ?? new Uint8Array());
    const ok = await verifyConsistency(
      last.treeSize,
      head.treeSize,
      fromHex(last.rootHash) ?? new Uint8Array(),
      fromHex(head.rootHash) ?? new Uint8Array(),
      hashes,
    );
    if (!ok)
      throw new Caught(
        `LOG REWRITTEN: ${url} at ${describe(head)} is not an extension of ${describe(last)} seen ${last.seenAt}: entries before ${last.treeSize} were changed, or the log forked`,
      );
    verdict = `${url} is consistent: ${describe(last)} → ${describe(head)}`;
  }

  const byKid = new Map([...known.keys, ...keys.body.keys].map((k) => [k.kid, k]));
  const heads =
    last && last.treeSize === head.treeSize
      ? known.heads
      : [...known.heads, { ...head, seenAt: new Date().toISOString() }];
  state.logs[url] = { heads: heads.slice(-KEEP_HEADS), keys: [...byKid.values()] };
  writeState(statePath, state);
  return verdict;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  try {
    const { url, statePath } = parseArgs(process.argv.slice(2));
    console.log(`ok: ${await witness(url, statePath)}`);
  } catch (err) {
    if (err instanceof Caught) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`cannot check: ${(err as Error).message}`);
    process.exit(2);
  }
}
