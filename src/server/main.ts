import { buildApp } from './app.ts';
import { loadConfig } from './env.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const app = await buildApp({ config });
const admin = await app.accounts.ensureFirstAdmin(config.adminEmail, config.adminPassword);
if (admin?.generatedPassword) {
  // Printed once, on the start that created the account; it is never stored in clear.
  console.log(
    `\n  First admin account created\n    e-mail:   ${admin.email}\n    password: ${admin.generatedPassword}\n  Change it after signing in (Settings > Security).\n`,
  );
} else if (admin) {
  app.log.info({ email: admin.email }, 'first admin account created from ADMIN_EMAIL');
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutting down failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
if (!config.webRoot || !(await import('node:fs')).existsSync(config.webRoot)) {
  app.log.warn('no built web app found: run `npm run build` (npm start does it for you)');
}
