import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { App } from '../app-types.ts';
import { overHttps, readCookie, sessionCookieName } from '../lib/cookies.ts';
import { Outcome, outcomeStatus } from '../lib/outcomes.ts';
import { serverError } from '../lib/server-error.ts';
import { applySecurityHeaders } from './security-headers.ts';

/**
 * Errors the router raises before any route is found (a malformed percent-escape, a path segment
 * over `maxParamLength`). Fastify answers these with its own body echoing the path unless given
 * this handler. No hook runs for them, so the security headers are set here, the same as on every
 * other answer.
 */
export function frameworkErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .code(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .header('Cache-Control', 'no-store');
  applySecurityHeaders(req, reply);
  void reply.send({ message: tooLong ? 'A part of the address is too long' : 'The address is not valid' });
}

const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * Every error is `{ message }` with a fitting 4xx status; 5xx hide their details. A thrown
 * Outcome (lib/outcomes.ts) gets its status from the one table there.
 */
export function registerErrorHandling(app: App) {
  app.setErrorHandler((error: FastifyError | Outcome, req, reply) => {
    if (error instanceof Outcome) {
      if (error.retryAfter !== undefined) void reply.header('Retry-After', String(error.retryAfter));
      return reply.code(outcomeStatus[error.kind]).send({ message: error.message, ...error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send JSON'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'The request body is not valid JSON'
              : error.message;
      return reply.code(status).send({ message });
    }
    return reply
      .code(500)
      .type(JSON_TYPE)
      .send(serverError(app, req.log, req.url, error));
  });

  app.setNotFoundHandler(async (req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && req.url !== '/api';
    const page = isPage
      ? await app.seo.render(req.url, {
          signedOut: !readCookie(req.headers.cookie, sessionCookieName(overHttps(req))),
        })
      : null;
    if (page) {
      return reply
        .code(page.status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    return reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}` });
  });
}
