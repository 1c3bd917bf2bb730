import { parentPort } from 'node:worker_threads';
import { openPkcs12 } from './certificate-jobs.ts';
import { inspect, sign } from './jobs.ts';
import { niceThisThread } from './nice.ts';
import { completeRequest, pageSizes, stampRecipient } from './request-jobs.ts';

niceThisThread();

const handlers = { inspect, sign, openPkcs12, pageSizes, stampRecipient, completeRequest } as const;
export type JobKind = keyof typeof handlers;

export interface JobMessage {
  id: number;
  kind: JobKind;
  input: unknown;
}

export type JobReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/** Result bytes travel back without a copy when they own their whole buffer. */
function transferables(result: unknown): ArrayBuffer[] {
  const bytes = (result as { bytes?: unknown } | null)?.bytes;
  if (!(bytes instanceof Uint8Array)) return [];
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? [buffer]
    : [];
}

parentPort!.on('message', async (msg: JobMessage) => {
  let reply: JobReply;
  try {
    const result = await (handlers[msg.kind] as (input: unknown) => Promise<unknown>)(msg.input);
    reply = { id: msg.id, ok: true, result };
  } catch (err) {
    reply = {
      id: msg.id,
      ok: false,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    };
  }
  parentPort!.postMessage(reply, reply.ok ? transferables(reply.result) : []);
});
