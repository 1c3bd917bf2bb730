import { benchQueue } from './queue.ts';
import { finishesThroughTheApi, finishVersusOwnerSigning } from './requests-pdf.ts';

/**
 * `npm run bench -- requests`: signing requests, section by section, each against a
 * baseline measured in the same run: the PDF work of a finish against owner signing (`pdf`); create
 * and send to 20, a finish through the API, look-ups while 4 finishes run (`api`); queue throughput
 * (`queue`). `BENCH_REQUESTS=queue` runs one.
 */
const sections: Record<string, () => Promise<unknown>> = {
  pdf: finishVersusOwnerSigning,
  api: finishesThroughTheApi,
  queue: benchQueue,
};

export async function benchRequests() {
  const only = process.env.BENCH_REQUESTS;
  const results: Record<string, unknown> = {};
  for (const [name, run] of Object.entries(sections)) {
    if (only && only !== name) continue;
    results[name] = await run();
  }
  return results;
}
