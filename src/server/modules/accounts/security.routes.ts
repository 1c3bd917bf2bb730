import type { App } from '#server/app-types.ts';
import { emailChangeRoutes } from './email-change.routes.ts';
import { passkeyRoutes } from './passkeys.routes.ts';
import { sessionRoutes } from './sessions.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

/** Account security (decision 030). */
export function accountSecurityRoutes(app: App) {
  twoFactorRoutes(app);
  passkeyRoutes(app);
  sessionRoutes(app);
  emailChangeRoutes(app);
}
