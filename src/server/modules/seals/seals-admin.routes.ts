import { sealKeyRotated } from '#shared/admin/answers.ts';
import type { App } from '#server/app-types.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { sealApiMessages as m } from './messages.ts';

/** /api/admin/seals… (registered under the admin prefix and guard). */
export function sealsAdminRoutes(app: App) {
  app.post('/seals/keys/rotate', { schema: { response: { 200: sealKeyRotated } } }, async (req) => {
    const rotated = await app.seals.keys.rotate();
    await app.activity.log('admin-action', {
      userId: currentUser(req).id,
      ip: req.ip,
      detail: `seal key rotated: ${rotated.retired ?? 'none'} retired, ${rotated.active} active`,
    });
    return { message: m.rotated, ...rotated };
  });
}
