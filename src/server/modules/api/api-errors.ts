import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isApiErrorCode, type ApiErrorCode } from '#shared/api/errors.ts';
import type { App } from '#server/app-types.ts';
import { Outcome, outcomeStatus, type OutcomeKind } from '#server/lib/outcomes.ts';
import { SERVER_ERROR_MESSAGE, serverError } from '#server/lib/server-error.ts';

/** The code an outcome answers with under /api/v1 when it names none of its own. */
const codeOfKind: Record<OutcomeKind, ApiErrorCode> = {
  invalid: 'invalid_request',
  unauthenticated: 'token_invalid',
  forbidden: 'forbidden',
  'not-found': 'not_found',
  conflict: 'conflict',
  gone: 'gone',
  'too-large': 'too_large',
  'unsupported-media': 'unsupported_media_type',
  unprocessable: 'invalid_request',
  throttled: 'rate_limited',
  unavailable: 'unavailable',
  'insufficient-storage': 'unavailable',
};

/**
 * Errors under /api/v1: `{ message, code }` with the stable codes of `#shared/api/errors.ts`.
 * The browser's routes keep their own answers; the services and outcomes are the same.
 */
export function apiErrorHandler(app: App) {
  return (error: FastifyError | Outcome, req: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof Outcome) {
      if (error.retryAfter !== undefined) void reply.header('Retry-After', String(error.retryAfter));
      const { code, ...fields } = error.fields;
      return reply.code(outcomeStatus[error.kind]).send({
        ...fields,
        message: error.message,
        code: isApiErrorCode(code) ? code : codeOfKind[error.kind],
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const where = issues[0]?.path ? `${issues[0].path}: ` : '';
      return reply.code(400).send({
        message: `${where}${issues[0]?.message ?? 'Invalid request'}`,
        code: 'validation_failed',
        issues,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send({ message: 'The request body is too large', code: 'too_large' });
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply
        .code(415)
        .send({ message: 'Unsupported content type: send JSON', code: 'unsupported_media_type' });
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON'
          : error.message;
      return reply.code(status).send({ message, code: 'invalid_request' });
    }
    serverError(app, req.log, req.url, error);
    return reply.code(500).send({ message: SERVER_ERROR_MESSAGE, code: 'internal_error' });
  };
}
