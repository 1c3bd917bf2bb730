import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from '#server/db/kysely.ts';

/**
 * The SQL (without its parameters) that `db` runs outside transactions while `work` runs. Two
 * requests that must cost the same (an address with an account and one without) are compared by
 * the queries they make, not by their time, which the machine's load decides.
 */
export async function queriesDuring<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ result: T; sql: string[] }> {
  const executor = db.getExecutor();
  const original = executor.executeQuery;
  const sql: string[] = [];
  executor.executeQuery = function <R>(this: typeof executor, query: CompiledQuery, ...rest: unknown[]) {
    sql.push(query.sql);
    return (original as (...args: unknown[]) => Promise<QueryResult<R>>).call(this, query, ...rest);
  } as typeof original;
  try {
    return { result: await work(), sql };
  } finally {
    executor.executeQuery = original;
  }
}
