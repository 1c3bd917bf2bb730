import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { referenceSchema } from '#shared/signatures/schemas.ts';
import type { App } from '#server/app-types.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import type { Gate, LookupResult } from './verification.service.ts';

const captchaQuery = z.object({ captcha: z.string().trim().max(32).optional() });

function refuse(reply: FastifyReply, gate: Exclude<Gate, { kind: 'ok' }>) {
  if (gate.kind === 'blocked') {
    return reply
      .code(429)
      .header('Retry-After', String(gate.retryAfter))
      .send({ message: m.lookupBlocked, blocked: true, retryAfter: gate.retryAfter });
  }
  return reply
    .code(429)
    .send({ message: gate.wrong ? m.lookupCaptchaWrong : m.lookupCaptchaNeeded, requireCaptcha: true });
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

function answer(reply: FastifyReply, found: LookupResult) {
  switch (found.kind) {
    case 'ok':
      return found.signature; // the minimum a verifier needs: no owner, no clean image
    case 'expired':
      return reply.code(410).send({ message: m.expired, expired: true, expiresAt: found.expiresAt });
    case 'revoked':
      return reply.code(410).send({ message: m.revoked, revoked: true, revokedAt: found.revokedAt });
    case 'missing':
      return reply.code(404).send({ message: m.notFound });
  }
}

/** Both look-ups: count against the caller's IP, then answer from one indexed query. */
async function lookUp(
  app: App,
  req: FastifyRequest & { query: { captcha?: string | undefined } },
  reply: FastifyReply,
  find: () => Promise<LookupResult>,
) {
  const decided = app.verification.gate(req.ip, req.session?.id, req.query.captcha);
  const gate = decided instanceof Promise ? await decided : decided;
  if (gate.kind !== 'ok') {
    track(app, req.ip, gate.kind);
    return refuse(reply, gate);
  }
  const found = await find();
  track(app, req.ip, found.kind);
  return answer(reply, found);
}

export function verificationRoutes(app: App) {
  app.get(
    '/api/signatures/reference/:ref',
    { schema: { params: z.object({ ref: referenceSchema }), querystring: captchaQuery } },
    (req, reply) => lookUp(app, req, reply, () => app.verification.byReference(req.params.ref)),
  );

  app.get(
    '/api/signatures/verify/:id',
    { schema: { params: idParams, querystring: captchaQuery } },
    (req, reply) => lookUp(app, req, reply, () => app.verification.byId(req.params.id)),
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
