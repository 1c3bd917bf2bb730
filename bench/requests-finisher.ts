/**
 * A child of the requests bench (requests-pdf.ts): finishes prepared signing requests, 4 at a time,
 * until told to stop, and reports each finish's time. The recipients' traffic comes from a process
 * of its own, as from their own phones: in the bench's process it would share the event loop of
 * the load generator, whose measured latencies would then include the finishes' client work
 * (request bodies, responses), which a real look-up's client never waits for.
 */
export interface Finish {
  base: string;
  cookie: string;
  csrf: string;
  token: string;
  headers: Record<string, string>;
  fieldId: number;
}
export type FinisherCommand =
  { kind: 'start'; finishes: Finish[]; image: string; inFlight: number } | { kind: 'stop' };
export type FinisherReport = { kind: 'done'; times: number[]; unused: number; failed: string | null };

async function finishOne(f: Finish, image: string) {
  const res = await fetch(`${f.base}/api/sign/${f.token}/complete`, {
    method: 'POST',
    headers: {
      ...f.headers,
      'content-type': 'application/json',
      ...(f.cookie ? { cookie: f.cookie } : {}),
      ...(f.csrf ? { 'x-csrf-token': f.csrf } : {}),
    },
    body: JSON.stringify({ values: [{ fieldId: f.fieldId, kind: 'image', image, method: 'draw' }] }),
  });
  if (res.status !== 200) throw new Error(`finish: ${res.status} ${await res.text()}`);
}

let stop = false;
process.on('message', (cmd: FinisherCommand) => {
  if (cmd.kind === 'stop') {
    stop = true;
    return;
  }
  const queue = [...cmd.finishes];
  const times: number[] = [];
  let failed: string | null = null;
  void Promise.all(
    Array.from({ length: cmd.inFlight }, async () => {
      while (!stop && !failed && queue.length > 0) {
        const t = performance.now();
        try {
          await finishOne(queue.shift()!, cmd.image);
        } catch (err) {
          failed = (err as Error).message;
        }
        times.push(performance.now() - t);
      }
    }),
  ).then(() => {
    const report: FinisherReport = { kind: 'done', times, unused: queue.length, failed };
    process.send!(report, () => process.exit(0));
  });
});
process.send!({ kind: 'ready' });
