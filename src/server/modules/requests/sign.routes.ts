import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestMessages as m } from '#shared/requests/messages.ts';
import { completeSchema, declineSchema, verifyCodeSchema } from '#shared/requests/schemas.ts';
import type { App } from '#server/app-types.ts';
import { sha256 } from '#server/lib/crypto.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';
import { ensureSession } from '#server/modules/sessions/session-cookie.ts';
import { PDF_CSP } from '../documents/documents.routes.ts';
import { contentDisposition } from '../documents/views.ts';
import { finish } from './finish.ts';
import {
  decline,
  gate,
  recipientActor,
  recipientFile,
  resolveLive,
  sendCode,
  signingView,
  verifyCode,
  type Gate,
  type Live,
} from './recipient.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Two signature pictures as data URLs (each up to 1 MB of text) and the rest of the values. */
const COMPLETE_BODY_LIMIT = 4 * 1024 * 1024;
const tokenParams = z.object({ token: z.string().max(200) });
type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

const notLive = (reply: FastifyReply) => reply.code(404).send({ message: m.linkNotLive });

function refuse(reply: FastifyReply, g: Exclude<Gate, { kind: 'ok' }>) {
  if (g.kind === 'not-your-turn')
    return reply.code(409).send({ message: m.notYourTurn(g.names), waitingFor: g.names });
  return reply.code(403).send({ message: m.codeRequired, codeRequired: true });
}

const meta = (req: FastifyRequest) => {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null };
};

/**
 * The recipient's side: no account, the link is the key. Every answer for a link that
 * is not live is the same 404; each call counts against the link and the caller's IP first.
 */
export function signRoutes(app: App) {
  async function throttle(req: TokenRequest, reply: FastifyReply) {
    const token = String(req.params.token ?? '').slice(0, 200);
    const [byToken, byIp] = await Promise.all([
      app.limiter.hit(`sign:token:${sha256(token).slice(0, 32)}`, HOUR_MS),
      app.limiter.hit(`sign:ip:${req.ip}`, HOUR_MS),
    ]);
    const over = [
      byToken.count > app.limits.signingCallsPerTokenPerHour ? byToken : null,
      byIp.count > app.limits.signingCallsPerIpPerHour ? byIp : null,
    ].filter((s) => s !== null);
    if (over.length === 0) return;
    const retryAfter = Math.max(...over.map((s) => retryAfterSeconds(s, app.clock)));
    return reply
      .code(429)
      .header('Retry-After', String(retryAfter))
      .send({ message: m.tooManyAttempts, retryAfter });
  }
  const opts = { onRequest: throttle, schema: { params: tokenParams } };

  /** The live link and its gate (turn, then identity code), or the answer that refuses. */
  async function admitted(req: TokenRequest, reply: FastifyReply): Promise<Live | null> {
    const live = await resolveLive(app.requests, req.params.token);
    if (!live) {
      await notLive(reply);
      return null;
    }
    const g = await gate(app.requests, live, req.session);
    if (g.kind !== 'ok') {
      await refuse(reply, g);
      return null;
    }
    return live;
  }

  app.get('/api/sign/:token', opts, async (req, reply) => {
    const live = await resolveLive(app.requests, req.params.token);
    if (!live) return notLive(reply);
    // The page's next calls are POSTs: they need a session for their CSRF token.
    const session = ensureSession(app, req, reply);
    return signingView(app.requests, live, req.params.token, session, recipientActor(live, meta(req)));
  });

  app.post('/api/sign/:token/code', opts, async (req, reply) => {
    const live = await resolveLive(app.requests, req.params.token);
    if (!live) return notLive(reply);
    if (live.request.require_code !== 1) return reply.code(409).send({ message: m.codeNotNeeded });
    const state = await app.limiter.hit(`sign:code:${live.recipient.id}`, HOUR_MS);
    if (state.count > app.limits.signingCodesPerRecipientPerHour) {
      const retryAfter = retryAfterSeconds(state, app.clock);
      return reply
        .code(429)
        .header('Retry-After', String(retryAfter))
        .send({ message: m.tooManyCodes, retryAfter });
    }
    return sendCode(app.requests, live, recipientActor(live, meta(req)));
  });

  app.post(
    '/api/sign/:token/verify-code',
    { ...opts, schema: { params: tokenParams, body: verifyCodeSchema } },
    async (req, reply) => {
      const live = await resolveLive(app.requests, req.params.token);
      if (!live) return notLive(reply);
      if (live.request.require_code !== 1) return reply.code(409).send({ message: m.codeNotNeeded });
      // The CSRF check has already required a session: the confirmation is bound to it.
      const result = await verifyCode(
        app.requests,
        live,
        req.body.code,
        req.session!,
        recipientActor(live, meta(req)),
      );
      if (result.kind === 'ok') return { message: m.codeVerified };
      if (result.kind === 'wrong')
        return reply
          .code(400)
          .send({ message: m.codeWrong(result.attemptsLeft), attemptsLeft: result.attemptsLeft });
      return reply.code(410).send({ message: m.codeExpired, newCodeNeeded: true });
    },
  );

  app.get(
    '/api/sign/:token/file',
    {
      ...opts,
      onSend: (_req, reply, payload, done) => {
        if (reply.getHeader('content-type') === 'application/pdf')
          reply.header('Content-Security-Policy', PDF_CSP);
        done(null, payload);
      },
    },
    async (req, reply) => {
      const live = await admitted(req, reply);
      if (!live) return reply;
      const file = await recipientFile(app.requests, live);
      if (!file) return notLive(reply);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(file.active ? 'attachment' : 'inline', file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(file.bytes);
    },
  );

  app.post(
    '/api/sign/:token/complete',
    { ...opts, bodyLimit: COMPLETE_BODY_LIMIT, schema: { params: tokenParams, body: completeSchema } },
    async (req, reply) => {
      const live = await admitted(req, reply);
      if (!live) return reply;
      const result = await finish(
        app.requests,
        live,
        req.body.values,
        req.session,
        recipientActor(live, meta(req)),
      );
      switch (result.kind) {
        case 'ok':
          return { message: result.lastOne ? m.finishedLast : m.finished, lastOne: result.lastOne };
        case 'not-live':
          return notLive(reply);
        case 'busy':
          return reply.code(503).header('Retry-After', String(result.retryAfter)).send({ message: m.busy });
        case 'invalid':
          return reply
            .code(400)
            .send({ message: result.message, ...(result.fieldId ? { fieldId: result.fieldId } : {}) });
      }
    },
  );

  app.post(
    '/api/sign/:token/decline',
    { ...opts, schema: { params: tokenParams, body: declineSchema } },
    async (req, reply) => {
      const live = await admitted(req, reply);
      if (!live) return reply;
      const done = await decline(app.requests, live, req.body.reason, recipientActor(live, meta(req)));
      return done ? { message: m.declined } : notLive(reply);
    },
  );
}
