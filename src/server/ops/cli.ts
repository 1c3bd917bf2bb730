import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../env.ts';
import { EXIT, formatSummary, type Outcome } from './sqlite-file.ts';

/** Parses `<file> [flags]` and the configuration; prints the usage and exits when they are wrong. */
export function cliInput(usage: string, flags: Record<string, { type: 'boolean' | 'string' }>) {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { ...flags, help: { type: 'boolean' } },
    });
  } catch (err) {
    return exitWith(EXIT.refused, `${(err as Error).message}\n\n${usage}`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) return exitWith(EXIT.ok, usage);
  if (parsed.positionals.length !== 1) return exitWith(EXIT.refused, usage);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    return exitWith(EXIT.refused, (err as Error).message);
  }
  return { file: parsed.positionals[0]!, values, config };
}

export function exitWith(code: number, message: string): never {
  (code === EXIT.ok ? console.log : console.error)(message);
  process.exit(code);
}

export function report(outcome: Outcome, done: string): never {
  if (outcome.kind === 'refused') return exitWith(outcome.exit, outcome.message);
  return exitWith(EXIT.ok, [done, formatSummary(outcome.summary), ...outcome.notes].join('\n'));
}

export const POSTGRES_BACKUP =
  'DATABASE_URL points to PostgreSQL: use its own tools, e.g.\n' +
  '  pg_dump --format=custom --file=inkproof.dump "$DATABASE_URL"\n' +
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" inkproof.dump\n' +
  '(see "Backups" in the README).';
