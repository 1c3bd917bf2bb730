import type { Db } from '../db/kysely.ts';
import type { Clock } from './clock.ts';
import { SettingsStore } from './settings-store.ts';
import type { WarnLog } from './write-in-chunks.ts';

/** SMTP settings an admin entered; the password is kept sealed (see SecretBox), never in clear. */
export interface EmailSettings {
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'tls';
  user: string;
  passwordSealed: string;
  from: string;
}

const empty = (): EmailSettings => ({
  host: '',
  port: 587,
  security: 'starttls',
  user: '',
  passwordSealed: '',
  from: '',
});

export const createEmailSettingsStore = (
  db: Db,
  clock: Clock,
  log: WarnLog,
  onChange: (current: EmailSettings) => void,
) =>
  new SettingsStore<EmailSettings>(
    db,
    clock,
    'email',
    empty,
    (stored, d) => ({
      host: typeof stored.host === 'string' ? stored.host : d.host,
      port: typeof stored.port === 'number' ? stored.port : d.port,
      security: stored.security === 'none' || stored.security === 'tls' ? stored.security : d.security,
      user: typeof stored.user === 'string' ? stored.user : d.user,
      passwordSealed: typeof stored.passwordSealed === 'string' ? stored.passwordSealed : d.passwordSealed,
      from: typeof stored.from === 'string' ? stored.from : d.from,
    }),
    log,
    onChange,
  );
