import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileAnswer } from '#shared/answers.ts';
import { apiError } from '#shared/api/common.ts';
import type { ApiScope } from '#shared/api/scopes.ts';
import type { App } from '#server/app-types.ts';
import type { ApiTokenRow, UserRow } from '#server/db/schema.ts';
import { forbidden, invalid, throttled, unauthenticated } from '#server/lib/outcomes.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';
import { apiErrorHandler } from './api-errors.ts';
import { openApiDocument } from './openapi.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a token needs for this /api/v1 route; a list: any one of them (the events feed). */
    scope?: ApiScope | readonly ApiScope[];
    /** An /api/v1 route anyone may call without a token (verification, the OpenAPI document). */
    public?: boolean;
    /** The route claims its Idempotency-Key itself, once it has read its body (multipart uploads). */
    idempotency?: 'by-route';
  }
  interface FastifyRequest {
    /** The token of an /api/v1 call and its owner. */
    apiAuth: { token: ApiTokenRow; user: UserRow; scopes: ReadonlySet<string> } | null;
  }
}

/** A token sent where it would be logged or kept in history is refused, never used. */
const TOKEN_IN_TEXT = /ink_[A-Za-z0-9_-]{20,}/;
const TOKEN_PARAMS = new Set(['access_token', 'token', 'api_key', 'apikey', 'key']);

/** The owner of the token of an /api/v1 route that names a scope. */
export function apiUser(req: FastifyRequest): UserRow {
  if (!req.apiAuth) throw new Error('apiUser() used on a route without a scope');
  return req.apiAuth.user;
}

export function apiToken(req: FastifyRequest): ApiTokenRow {
  if (!req.apiAuth) throw new Error('apiToken() used on a route without a scope');
  return req.apiAuth.token;
}

function refuseTokenInQuery(req: FastifyRequest) {
  const query = req.url.indexOf('?');
  if (query === -1) return;
  const params = new URLSearchParams(req.url.slice(query + 1));
  for (const [name, value] of params)
    if (TOKEN_PARAMS.has(name.toLowerCase()) || TOKEN_IN_TEXT.test(value))
      throw invalid('Send the token in the Authorization header, never in the address', {
        code: 'token_in_query',
      });
}

/**
 * The public API: stable, versioned routes under /api/v1 for other systems, beside the browser's
 * routes and calling the same services. A token (`Authorization: Bearer ink_…`) stands in for the
 * session: no cookie is read and no CSRF token asked (plugins/session.ts and csrf.ts leave
 * /api/v1 alone), and the browser's routes never accept a token, so a token cannot reach the
 * admin area, the account or its security.
 */
export function apiV1Routes(app: App, areas: Array<(api: App) => void>) {
  void app.register(
    async (api: App) => {
      api.decorateRequest('apiAuth', null);
      api.decorateRequest('idempotencyKey', null);
      api.setErrorHandler(apiErrorHandler(app));
      api.setNotFoundHandler((req, reply) =>
        reply
          .code(404)
          .send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}`, code: 'not_found' }),
      );
      // Every route documents the error answer; the serialiser keeps exactly its fields.
      api.addHook('onRoute', (route) => {
        const schema = (route.schema ??= {});
        const response = (schema.response ??= {}) as Record<string, unknown>;
        response['4XX'] ??= apiError;
        response['5XX'] ??= apiError;
      });

      api.addHook('onRequest', async (req, reply) => {
        refuseTokenInQuery(req);
        const config = req.routeOptions.config;
        if (config.public || req.routeOptions.url === undefined) return;
        await authenticate(app, req, reply, config.scope);
      });
      api.addHook('preHandler', async (req, reply) => {
        if (req.method !== 'POST' || !req.apiAuth || req.routeOptions.config.idempotency === 'by-route')
          return;
        await app.idempotency.begin(req, reply, req.apiAuth.token.id);
      });
      api.addHook('onSend', async (req, reply, payload) => {
        if (req.idempotencyKey) await app.idempotency.finish(req, reply, payload);
        return payload;
      });

      api.get(
        '/openapi.json',
        {
          config: { public: true },
          schema: { hide: true, response: { 200: fileAnswer('application/json') } },
        },
        async (_req, reply) => reply.header('Cache-Control', 'no-cache').send(openApiDocument(app)),
      );
      for (const area of areas) area(api);
    },
    { prefix: '/api/v1' },
  );
}

async function authenticate(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  scope: ApiScope | readonly ApiScope[] | undefined,
) {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw unauthenticated('Send a token: Authorization: Bearer ink_…', { code: 'token_missing' });
  const checked = await app.apiTokens.check(match[1]!);
  switch (checked.kind) {
    case 'invalid':
      throw unauthenticated('The token is not valid', { code: 'token_invalid' });
    case 'expired':
      throw unauthenticated('The token has expired', { code: 'token_expired' });
    case 'revoked':
      throw unauthenticated('The token was revoked', { code: 'token_revoked' });
    case 'disabled':
      throw unauthenticated("The token's account is disabled", { code: 'account_disabled' });
  }
  req.apiAuth = { token: checked.token, user: checked.user, scopes: checked.scopes };
  void app.apiTokens
    .touch(checked.token.id, req.ip)
    .catch((err: unknown) => req.log.warn({ err }, 'token use not recorded'));

  const max = app.limits.apiCallsPerTokenPerMinute;
  const state = app.apiTokens.countCall(checked.token.id);
  const reset = retryAfterSeconds(state, app.clock);
  // The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy and what is left of it.
  void reply.header('RateLimit-Policy', `"token";q=${max};w=60`);
  void reply.header('RateLimit', `"token";r=${Math.max(0, max - state.count)};t=${reset}`);
  if (state.count > max) throw throttled('Too many calls with this token: wait and try again', reset);

  if (!scope) throw new Error(`/api/v1 route ${req.routeOptions.url} names no scope`);
  if (typeof scope !== 'string') {
    if (!scope.some((s) => checked.scopes.has(s)))
      throw forbidden(`This token needs one of the scopes ${scope.join(', ')}`, {
        code: 'insufficient_scope',
        scope: scope.join(' '),
      });
  } else if (!checked.scopes.has(scope))
    throw forbidden(`This token lacks the ${scope} scope`, { code: 'insufficient_scope', scope });
}
