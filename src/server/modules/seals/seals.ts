import type { App } from '#server/app-types.ts';
import type { SealIssuer } from './issue.ts';
import type { SealKeys } from './keys.service.ts';
import type { TransparencyLog } from './log.service.ts';
import { sealsRoutes } from './seals.routes.ts';

/** Keys, issuer and log (`app.seals`): built by services.ts, the log started and stopped by background.ts. */
export interface Seals {
  keys: SealKeys;
  log: TransparencyLog;
  issuer: SealIssuer;
}

/** The public routes of the keys and the log, and the seals' facts on the admin diagnostics page. */
export function registerSeals(app: App) {
  const { keys, log } = app.seals;
  sealsRoutes(app);
  app.diagnosticSources.push(async () => {
    const [active, head, size] = await Promise.all([keys.current(), log.latestHead(), log.size()]);
    return {
      seals: { activeKid: active.kid, logSize: size, headSize: head.treeSize, headAt: head.timestamp },
    };
  });
}
