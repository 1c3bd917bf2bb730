/**
 * Work that runs after the answer has gone out: what it costs (queries, writes, mail) then says
 * nothing about the address in the request. setImmediate, not a microtask, so the work starts
 * after the response is written rather than in front of it.
 */
export class BackgroundJobs {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (err: Error) => void) {}

  run(job: () => Promise<void>) {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch((err: Error) => this.onError(err))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves once every job, including jobs started meanwhile, has finished (shutdown, tests). */
  async settle() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
