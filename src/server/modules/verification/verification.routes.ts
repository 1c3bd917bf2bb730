import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fileAnswer } from '#shared/answers.ts';
import { publicSignature, type PublicSignature } from '#shared/signatures/answers.ts';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { REFERENCE_MAX, REFERENCE_PATTERN } from '#shared/signatures/reference.ts';
import { referenceSchema } from '#shared/signatures/schemas.ts';
import type { App } from '#server/app-types.ts';
import { gone, notFound, Outcome, throttled } from '#server/lib/outcomes.ts';
import { fastAccept, isEmptyObject } from '#server/lib/validator.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import type { Gate, LookupResult } from './verification.service.ts';

const captchaQuery = z.object({ captcha: z.string().trim().max(32).optional() });

/** A caller over its look-up limits: blocked for a while, or asked to solve a CAPTCHA first. */
function refusal(gate: Exclude<Gate, { kind: 'ok' }>): Outcome {
  if (gate.kind === 'blocked') {
    return throttled(m.lookupBlocked, gate.retryAfter, { blocked: true, retryAfter: gate.retryAfter });
  }
  // No Retry-After: solving the CAPTCHA, not waiting, is what lets the look-ups go on.
  return new Outcome('throttled', gate.wrong ? m.lookupCaptchaWrong : m.lookupCaptchaNeeded, {
    requireCaptcha: true,
  });
}

/** Counts the outcome per IP (IP tracking) and per day (reports); both are batched in memory. */
type Tracked = LookupResult['kind'] | 'captcha' | 'blocked';
const METRIC: Record<Tracked, string> = {
  ok: 'lookup:ok',
  expired: 'lookup:expired',
  revoked: 'lookup:revoked',
  missing: 'lookup:missing',
  captcha: 'lookup:captcha',
  blocked: 'lookup:blocked',
};

function track(app: App, ip: string, outcome: Tracked) {
  if (outcome === 'captcha' || outcome === 'blocked') app.ipTracking.limited(ip);
  else app.ipTracking.lookup(ip);
  app.dailyStats.add(METRIC[outcome]);
}

/** The signature found (its schema, publicSignature, decides what of it goes out), or why not. */
function answerOf(found: LookupResult): PublicSignature {
  switch (found.kind) {
    case 'ok':
      return found.signature;
    case 'expired':
      throw gone(m.expired, { expired: true, expiresAt: found.expiresAt });
    case 'revoked':
      throw gone(m.revoked, { revoked: true, revokedAt: found.revokedAt });
    case 'missing':
      throw notFound(m.notFound);
  }
}

/**
 * A look-up counted against the caller's IP: the gate's refusal when it is over its limits, or
 * what the query found. Both are tracked; the caller turns them into its answer.
 */
export async function gatedLookup(
  app: App,
  caller: { ip: string; sessionId: string | undefined; captcha: string | undefined },
  find: () => Promise<LookupResult>,
): Promise<Exclude<Gate, { kind: 'ok' }> | LookupResult> {
  const decided = app.verification.gate(caller.ip, caller.sessionId, caller.captcha);
  const gate = decided instanceof Promise ? await decided : decided;
  if (gate.kind !== 'ok') {
    track(app, caller.ip, gate.kind);
    return gate;
  }
  const found = await find();
  track(app, caller.ip, found.kind);
  return found;
}

/** Both look-ups: count against the caller's IP, then answer from one indexed query. */
async function lookUp(
  app: App,
  req: FastifyRequest & { query: { captcha?: string | undefined } },
  find: () => Promise<LookupResult>,
): Promise<PublicSignature> {
  const result = await gatedLookup(
    app,
    { ip: req.ip, sessionId: req.session?.id, captcha: req.query.captcha },
    find,
  );
  if (result.kind === 'captcha' || result.kind === 'blocked') throw refusal(result);
  return answerOf(result);
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
      schema: {
        params: z.object({ ref: referenceSchema }),
        querystring: captchaQuery,
        response: { 200: publicSignature },
      },
      validatorCompiler: plainLookup,
    },
    (req) => lookUp(app, req, () => app.verification.byReference(req.params.ref)),
  );

  app.get(
    '/api/signatures/verify/:id',
    {
      schema: { params: idParams, querystring: captchaQuery, response: { 200: publicSignature } },
      validatorCompiler: fastAccept({ querystring: isEmptyObject }),
    },
    (req) => lookUp(app, req, () => app.verification.byId(req.params.id)),
  );

  app.get(
    '/api/signatures/:id/verification-image',
    {
      schema: {
        params: idParams,
        querystring: z.object({ sig: z.string().max(100) }),
        response: { 200: fileAnswer('image/png') },
      },
    },
    async (req, reply) => {
      const png = await app.verification.verificationImage(req.params.id, req.query.sig);
      if (!png) throw notFound(m.noImage);
      return reply.type('image/png').header('Cache-Control', 'private, max-age=60').send(png);
    },
  );
}
