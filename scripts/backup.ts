import path from 'node:path';
import { backupSqlite } from '../src/server/ops/backup.ts';
import { cliInput, exitWith, POSTGRES_BACKUP, report } from '../src/server/ops/cli.ts';
import { EXIT } from '../src/server/ops/sqlite-file.ts';

const usage = `Usage: npm run backup -- <file> [--force]

Writes a consistent copy of the SQLite database <DATA_DIR>/inkproof.db to <file>, also while a
server is running, checks it (PRAGMA integrity_check) and prints its tables and row counts.
  --force   replace <file> if it exists
Exit codes: 0 done, 1 failed, 2 refused (arguments, PostgreSQL, <file> exists), 4 the copy is not sound.`;

const { file, values, config } = cliInput(usage, { force: { type: 'boolean' } });
if (config.databaseUrl) exitWith(EXIT.refused, POSTGRES_BACKUP);
const outcome = await backupSqlite({
  source: path.resolve(config.dataDir, 'inkproof.db'),
  target: file,
  force: values.force === true,
  log: (line) => console.log(line),
}).catch((err: Error) => exitWith(EXIT.failed, `Backup failed: ${err.message}`));
report(outcome, 'Backup written and checked:');
