import { z } from 'zod';
import { noContent } from '#shared/answers.ts';
import { idParam } from '#shared/api/common.ts';
import {
  adminTokenSummary,
  createdToken,
  createTokenSchema,
  tokenMessages as m,
  tokenSummary,
} from '#shared/api/tokens.ts';
import type { App } from '#server/app-types.ts';
import { notFound } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { actorOf, audit } from '../admin/actor.ts';
import { summary } from './tokens.service.ts';

/** Settings > API: a user's own tokens (session and CSRF, like every other account change). */
export function tokenRoutes(app: App) {
  app.get(
    '/api/user/api-tokens',
    { onRequest: requireUser, schema: { response: { 200: z.array(tokenSummary) } } },
    async (req) => (await app.apiTokens.list(currentUser(req).id)).map(summary),
  );

  app.post(
    '/api/user/api-tokens',
    { onRequest: requireUser, schema: { body: createTokenSchema, response: { 201: createdToken } } },
    async (req, reply) => {
      const user = currentUser(req);
      const { token, row } = await app.apiTokens.create(user.id, req.body);
      await app.activity.log('api-token-created', {
        userId: user.id,
        ip: req.ip,
        detail: `#${row.id} ${row.name} (${row.scopes})`,
      });
      return reply.code(201).send({ ...summary(row), token });
    },
  );

  app.delete(
    '/api/user/api-tokens/:id',
    { onRequest: requireUser, schema: { params: idParam, response: { 204: noContent } } },
    async (req, reply) => {
      const user = currentUser(req);
      const row = await app.apiTokens.revoke(user.id, req.params.id);
      if (!row) throw notFound(m.notFound);
      await app.activity.log('api-token-revoked', {
        userId: user.id,
        ip: req.ip,
        detail: `#${row.id} ${row.name}`,
      });
      return reply.code(204).send(undefined);
    },
  );
}

/** Admin: every user's tokens (or one user's), and revoking any of them. Under the admin plugin. */
export function adminTokenRoutes(app: App) {
  app.get(
    '/api-tokens',
    {
      schema: {
        querystring: z.object({ userId: z.coerce.number().int().positive().optional() }),
        response: { 200: z.array(adminTokenSummary) },
      },
    },
    async (req) =>
      (await app.apiTokens.listAll({ userId: req.query.userId })).map(({ user_email, ...row }) => ({
        ...summary(row),
        userId: row.user_id,
        userEmail: user_email,
      })),
  );

  app.delete(
    '/api-tokens/:id',
    { schema: { params: idParam, response: { 204: noContent } } },
    async (req, reply) => {
      const row = await app.apiTokens.revoke(null, req.params.id);
      if (!row) throw notFound(m.notFound);
      await audit(app.activity, actorOf(req), `API token #${row.id} of user #${row.user_id} revoked`);
      return reply.code(204).send(undefined);
    },
  );
}
