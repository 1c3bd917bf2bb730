import { z } from 'zod';
import { deviceLabel } from '#shared/accounts/device.ts';
import { revokedSessionsAnswer, sessionItem } from '#shared/accounts/answers.ts';
import { sessionIdParams } from '#shared/accounts/security.ts';
import { securityMessages as m } from '#shared/accounts/security-messages.ts';
import { noContent } from '#shared/answers.ts';
import type { App } from '#server/app-types.ts';
import { notFound } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { endSession } from '#server/modules/sessions/session-cookie.ts';
import { SessionStore } from '#server/modules/sessions/session-store.ts';

/** The account's sessions, and signing out one or all the others. */
export function sessionRoutes(app: App) {
  app.get(
    '/api/user/sessions',
    { onRequest: requireUser, schema: { response: { 200: z.array(sessionItem) } } },
    async (req) => {
      const rows = await app.sessions.listForUser(currentUser(req).id);
      const current = SessionStore.publicId(req.session!.id);
      return rows.map((r) => ({
        id: r.publicId,
        device: deviceLabel(r.user_agent),
        ip: r.ip,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        current: r.publicId === current,
      }));
    },
  );

  app.delete(
    '/api/user/sessions/:id',
    { onRequest: requireUser, schema: { params: sessionIdParams, response: { 204: noContent } } },
    async (req, reply) => {
      const user = currentUser(req);
      const isCurrent = SessionStore.publicId(req.session!.id) === req.params.id;
      if (!(await app.sessions.destroyByPublicId(user.id, req.params.id))) throw notFound(m.sessionNotFound);
      await app.activity.log('session-revoked', {
        userId: user.id,
        ip: req.ip,
        detail: isCurrent ? 'this device' : null,
      });
      if (isCurrent) await endSession(app, req, reply);
      return reply.code(204).send(undefined);
    },
  );

  app.post(
    '/api/user/sessions/revoke-others',
    { onRequest: requireUser, schema: { response: { 200: revokedSessionsAnswer } } },
    async (req) => {
      const user = currentUser(req);
      const revoked = await app.sessions.destroyForUser(user.id, req.session!.id);
      await app.activity.log('session-revoked', {
        userId: user.id,
        ip: req.ip,
        detail: `all others (${revoked})`,
      });
      return { revoked };
    },
  );
}
