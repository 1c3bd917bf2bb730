import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from '#server/db/kysely.ts';

const asked = new AsyncLocalStorage<true>();

/**
 * The SQL (without its parameters) that `work` runs on `db` outside transactions. Two requests
 * that must cost the same (an address with an account and one without) are compared by the
 * queries they make, not by their time, which the machine's load decides. Only queries made on
 * behalf of `work` count: the app's own timers (counter flushes, the job queue's polls) run
 * meanwhile, outside its asynchronous context.
 */
export async function queriesDuring<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ result: T; sql: string[] }> {
  const executor = db.getExecutor();
  const original = executor.executeQuery;
  const sql: string[] = [];
  executor.executeQuery = function <R>(this: typeof executor, query: CompiledQuery, ...rest: unknown[]) {
    if (asked.getStore()) sql.push(query.sql);
    return (original as (...args: unknown[]) => Promise<QueryResult<R>>).call(this, query, ...rest);
  } as typeof original;
  try {
    return { result: await asked.run(true, work), sql };
  } finally {
    executor.executeQuery = original;
  }
}
