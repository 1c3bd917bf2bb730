import path from 'node:path';
import { cliInput, exitWith, POSTGRES_BACKUP, report } from '../src/server/ops/cli.ts';
import { restoreSqlite } from '../src/server/ops/restore.ts';
import { EXIT } from '../src/server/ops/sqlite-file.ts';

const usage = `Usage: npm run restore -- <file> [--data-dir <folder>]

Restores a backup made by \`npm run backup\` into <folder>/inkproof.db (default DATA_DIR) of a
stopped instance. Refuses while any process has that database open, and when the backup fails
PRAGMA integrity_check or was made by a newer Inkproof. The current database is kept as
inkproof.db.before-restore-<time>.
Exit codes: 0 done, 1 failed, 2 refused (arguments, PostgreSQL), 3 a server has the database open,
4 the backup is not a sound Inkproof database.`;

const { file, values, config } = cliInput(usage, { 'data-dir': { type: 'string' } });
if (config.databaseUrl) exitWith(EXIT.refused, POSTGRES_BACKUP);
const outcome = await restoreSqlite({
  backup: path.resolve(file),
  dataDir: typeof values['data-dir'] === 'string' ? values['data-dir'] : config.dataDir,
  probe: process.env.PORT ? { host: config.host, port: config.port } : undefined,
  log: (line) => console.log(line),
}).catch((err: Error) => exitWith(EXIT.failed, `Restore failed: ${err.message}`));
report(outcome, 'Restored and checked:');
