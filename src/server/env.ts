import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optional.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must start with postgres:// (leave it unset for SQLite)',
    }),
    PUBLIC_URL: optional.refine((v) => v === undefined || URL.canParse(v), 'PUBLIC_URL must be a URL'),
    ADMIN_EMAIL: optional.pipe(z.string().email().optional()),
    ADMIN_PASSWORD: optional,
    SMTP_URL: optional.refine(
      (v) => v === undefined || /^smtps?:\/\//.test(v),
      'SMTP_URL must start with smtp://',
    ),
    MAIL_FROM: optional,
    TRUST_PROXY: optional,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    INKPROOF_TEST_CAPTCHA: optional,
    WEB_ROOT: z.string().default('dist/web'),
    // /metrics has no rate limit: the token alone keeps it private, so it must not be guessable.
    METRICS_TOKEN: optional.refine(
      (v) => v === undefined || (v.length >= 16 && !/\s/.test(v)),
      'METRICS_TOKEN must be at least 16 characters without spaces (for example `openssl rand -hex 24`)',
    ),
    MIN_FREE_DISK_MB: z.coerce
      .number({ error: 'MIN_FREE_DISK_MB must be a number of megabytes' })
      .int('MIN_FREE_DISK_MB must be a whole number of megabytes')
      .min(0, 'MIN_FREE_DISK_MB must be 0 (no check) or more')
      .default(512),
  })
  .refine((e) => !(e.NODE_ENV === 'production' && e.INKPROOF_TEST_CAPTCHA), {
    message: 'INKPROOF_TEST_CAPTCHA is for tests only and is refused when NODE_ENV=production',
    path: ['INKPROOF_TEST_CAPTCHA'],
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: string | undefined;
  logLevel: string;
  testCaptcha: string | undefined;
  /** Where the built SPA lives; absent in API tests. */
  webRoot: string | undefined;
  /** Set: GET /metrics answers Prometheus text to `Authorization: Bearer <token>`; unset: no route. */
  metricsToken: string | undefined;
  /** Uploads are refused (507) while the data folder's disk has less free space; 0 = no check. */
  minFreeDiskMb: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Inkproof <no-reply@${new URL(publicUrl).hostname}>`,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    testCaptcha: e.INKPROOF_TEST_CAPTCHA,
    webRoot: e.WEB_ROOT,
    metricsToken: e.METRICS_TOKEN,
    minFreeDiskMb: e.MIN_FREE_DISK_MB,
  };
}
