import type { App } from '#server/app-types.ts';
import { SealIssuer } from './issue.ts';
import { SealKeys } from './keys.service.ts';
import { TransparencyLog, type LogOptions } from './log.service.ts';
import { sealsRoutes } from './seals.routes.ts';
import { Transparency } from './transparency.ts';

export interface Seals {
  keys: SealKeys;
  log: TransparencyLog;
  issuer: SealIssuer;
}

declare module 'fastify' {
  interface FastifyInstance {
    seals: Seals;
  }
}

/**
 * Keys, issuer and log: decorates `app.seals`, connects the signature and document
 * services to the log, registers the routes and the tree-head timer.
 */
export async function registerSeals(app: App, opts: LogOptions = {}) {
  const keys = new SealKeys(app.db, app.clock, app.secretBox);
  await keys.init();
  const log = new TransparencyLog(app.db, app.clock, keys, app.log, opts);
  const issuer = new SealIssuer(keys, () => app.site.publicUrl);
  app.decorate('seals', { keys, log, issuer });
  const transparency = new Transparency(log, issuer, app.log);
  // Signing requests reach the hook through the signatures service they hold.
  app.signatures.transparency = transparency;
  app.documents.transparency = transparency;
  sealsRoutes(app);
  app.diagnosticSources.push(async () => {
    const [active, head, size] = await Promise.all([keys.current(), log.latestHead(), log.size()]);
    return {
      seals: { activeKid: active.kid, logSize: size, headSize: head.treeSize, headAt: head.timestamp },
    };
  });
  log.start();
  // Before onClose: in-flight requests still finish their appends, and the database is still open.
  app.addHook('preClose', async () => log.stop());
}
