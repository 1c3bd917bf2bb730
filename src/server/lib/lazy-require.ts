import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use, so start-up does not pay for what this instance may
 * never need (PostgreSQL's driver on SQLite, SMTP without a mail server, metrics when off…).
 * Static imports of these cost 30-120 ms each at start (bench/startup.ts).
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
