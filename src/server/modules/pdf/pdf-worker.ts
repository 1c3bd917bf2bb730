import { parentPort } from 'node:worker_threads';
import { openPkcs12 } from './certificate-jobs.ts';
import { inspect, sign } from './jobs.ts';
import { lowestPriorityThisThread } from '#server/lib/priority.ts';
import { completeRequest, pageSizes, stampRecipient } from './request-jobs.ts';

lowestPriorityThisThread();

const handlers = { inspect, sign, openPkcs12, pageSizes, stampRecipient, completeRequest } as const;
export type JobKind = keyof typeof handlers;

export interface JobMessage {
  id: number;
  kind: JobKind;
  input: unknown;
}

export type JobReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/**
 * Result bytes travel back without a copy on the event loop: transferred. The revision writer
 * answers a buffer of the file's own size; a view that does not own its whole buffer (any other
 * result) is first copied here, at the worker's low priority, to a buffer of its own size, so a
 * clone never copies more than the file, and never on the main thread.
 */
function transferables(result: unknown): ArrayBuffer[] {
  const holder = result as { bytes?: unknown } | null;
  const bytes = holder?.bytes;
  if (!(bytes instanceof Uint8Array)) return [];
  const owns = (b: Uint8Array) =>
    b.buffer instanceof ArrayBuffer && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength;
  if (owns(bytes)) return [bytes.buffer as ArrayBuffer];
  const own = bytes.slice();
  holder!.bytes = own;
  return [own.buffer];
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
