import { benchQueue } from './queue.ts';

/**
 * `npm run bench -- requests` (issue 12): signing requests, section by section. Each section
 * prints its own table against a baseline measured in the same run; later sections (create and
 * send, a recipient's finish, look-ups under load) join the list. `BENCH_REQUESTS=queue` runs one.
 */
const sections: Record<string, () => Promise<unknown>> = {
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
