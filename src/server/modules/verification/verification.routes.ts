import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { REFERENCE_MAX, REFERENCE_PATTERN } from '#shared/signatures/reference.ts';
import { referenceSchema } from '#shared/signatures/schemas.ts';
import type { App } from '#server/app-types.ts';
import { fastAccept, isEmptyObject } from '#server/lib/validator.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { serializePublicSignature } from './serialize.ts';
import type { Gate, LookupResult } from './verification.service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

const captchaQuery = z.object({ captcha: z.string().trim().max(32).optional() });

/** A look-up's answer, before it is written. */
export interface LookupAnswer {
  status: number;
  /** JSON, sent as JSON_TYPE. */
  body: string;
  /** Seconds, for the Retry-After header of a blocked caller. */
  retryAfter?: number;
}

function refusal(gate: Exclude<Gate, { kind: 'ok' }>): LookupAnswer {
  if (gate.kind === 'blocked') {
    return {
      status: 429,
      body: JSON.stringify({ message: m.lookupBlocked, blocked: true, retryAfter: gate.retryAfter }),
      retryAfter: gate.retryAfter,
    };
  }
  return {
    status: 429,
    body: JSON.stringify({
      message: gate.wrong ? m.lookupCaptchaWrong : m.lookupCaptchaNeeded,
      requireCaptcha: true,
    }),
  };
}

/** Counts the outcome per IP (IP tracking) and per day (reports); both are batched in memory. */
type Outcome = LookupResult['kind'] | 'captcha' | 'blocked';
const METRIC: Record<Outcome, string> = {
  ok: 'lookup:ok',
  expired: 'lookup:expired',
  revoked: 'lookup:revoked',
  missing: 'lookup:missing',
  captcha: 'lookup:captcha',
  blocked: 'lookup:blocked',
};

function track(app: App, ip: string, outcome: Outcome) {
  if (outcome === 'captcha' || outcome === 'blocked') app.ipTracking.limited(ip);
  else app.ipTracking.lookup(ip);
  app.dailyStats.add(METRIC[outcome]);
}

function answerOf(found: LookupResult): LookupAnswer {
  switch (found.kind) {
    case 'ok':
      // the minimum a verifier needs: no owner, no clean image
      return { status: 200, body: serializePublicSignature(found.signature) };
    case 'expired':
      return {
        status: 410,
        body: JSON.stringify({ message: m.expired, expired: true, expiresAt: found.expiresAt }),
      };
    case 'revoked':
      return {
        status: 410,
        body: JSON.stringify({ message: m.revoked, revoked: true, revokedAt: found.revokedAt }),
      };
    case 'missing':
      return { status: 404, body: JSON.stringify({ message: m.notFound }) };
  }
}

/** Both look-ups: count against the caller's IP, then answer from one indexed query. */
export async function lookUp(
  app: App,
  ip: string,
  sessionId: string | undefined,
  captcha: string | undefined,
  find: () => Promise<LookupResult>,
): Promise<LookupAnswer> {
  const decided = app.verification.gate(ip, sessionId, captcha);
  const gate = decided instanceof Promise ? await decided : decided;
  if (gate.kind !== 'ok') {
    track(app, ip, gate.kind);
    return refusal(gate);
  }
  const found = await find();
  track(app, ip, found.kind);
  return answerOf(found);
}

async function lookUpRoute(
  app: App,
  req: FastifyRequest & { query: { captcha?: string | undefined } },
  reply: FastifyReply,
  find: () => Promise<LookupResult>,
) {
  const a = await lookUp(app, req.ip, req.session?.id, req.query.captcha, find);
  void reply.code(a.status).type(JSON_TYPE);
  if (a.retryAfter !== undefined) void reply.header('retry-after', String(a.retryAfter));
  return reply.send(a.body);
}

/** A reference that needs no decoding and passes the schema as it is (the common case, a QR's link). */
export const isPlainReference = (ref: unknown): ref is string =>
  typeof ref === 'string' && ref.length <= REFERENCE_MAX && REFERENCE_PATTERN.test(ref);

/**
 * Every look-up of a valid reference without a CAPTCHA answer passes these at once; anything else
 * (a bad reference, a query) goes through the zod schemas, which give the messages.
 */
const plainLookup = fastAccept({
  params: (p) => isPlainReference((p as { ref?: unknown }).ref),
  querystring: isEmptyObject,
});

export const REFERENCE_ROUTE = '/api/signatures/reference/:ref';

export function verificationRoutes(app: App) {
  app.get(
    REFERENCE_ROUTE,
    {
      schema: { params: z.object({ ref: referenceSchema }), querystring: captchaQuery },
      validatorCompiler: plainLookup,
    },
    (req, reply) => lookUpRoute(app, req, reply, () => app.verification.byReference(req.params.ref)),
  );

  app.get(
    '/api/signatures/verify/:id',
    {
      schema: { params: idParams, querystring: captchaQuery },
      validatorCompiler: fastAccept({ querystring: isEmptyObject }),
    },
    (req, reply) => lookUpRoute(app, req, reply, () => app.verification.byId(req.params.id)),
  );

  app.get(
    '/api/signatures/:id/verification-image',
    { schema: { params: idParams, querystring: z.object({ sig: z.string().max(100) }) } },
    async (req, reply) => {
      const png = await app.verification.verificationImage(req.params.id, req.query.sig);
      if (!png) return reply.code(404).send({ message: m.noImage });
      return reply.type('image/png').header('Cache-Control', 'private, max-age=60').send(png);
    },
  );
}
