import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageAnswer } from '#shared/answers.ts';
import { codeSentAnswer, completeAnswer, signingAnswer } from '#shared/requests/answers.ts';
import { requestMessages as m } from '#shared/requests/messages.ts';
import { completeSchema, declineSchema, verifyCodeSchema } from '#shared/requests/schemas.ts';
import type { App } from '#server/app-types.ts';
import { sha256 } from '#server/lib/crypto.ts';
import {
  conflict,
  forbidden,
  gone,
  invalid,
  notFound,
  unavailable,
  type Outcome,
} from '#server/lib/outcomes.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { ensureSession } from '#server/modules/sessions/session-cookie.ts';
import { PDF_CSP, pdfAnswer } from '../documents/documents.routes.ts';
import { contentDisposition } from '../documents/views.ts';
import { finish, type FinishOutcome } from './finish.ts';
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

/** Every answer for a link that is not live is this same 404. */
const notLive = () => notFound(m.linkNotLive);

function refused(g: Exclude<Gate, { kind: 'ok' }>): Outcome {
  if (g.kind === 'not-your-turn') return conflict(m.notYourTurn(g.names), { waitingFor: g.names });
  return forbidden(m.codeRequired, { codeRequired: true });
}

function finishRefused(r: Exclude<FinishOutcome, { kind: 'ok' }>): Outcome {
  switch (r.kind) {
    case 'not-live':
      return notLive();
    case 'busy':
      return unavailable(m.busy, r.retryAfter);
    case 'invalid':
      return invalid(r.message, r.fieldId ? { fieldId: r.fieldId } : {});
  }
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
  // Counted as the call arrives, before its input is checked: a malformed call counts too.
  const callLimit = rateLimit(
    app,
    {
      key: (req) => {
        const token = String((req.params as { token?: unknown }).token ?? '').slice(0, 200);
        return `sign:token:${sha256(token).slice(0, 32)}`;
      },
      max: (limits) => limits.signingCallsPerTokenPerHour,
      windowMs: HOUR_MS,
      message: m.tooManyAttempts,
      retryAfterInBody: true,
    },
    {
      key: (req) => `sign:ip:${req.ip}`,
      max: (limits) => limits.signingCallsPerIpPerHour,
      windowMs: HOUR_MS,
      message: m.tooManyAttempts,
      retryAfterInBody: true,
    },
  );
  /** Identity codes mailed to one recipient, whichever link or network asks. */
  const codeLimit = (recipientId: number) =>
    rateLimit(app, {
      key: () => `sign:code:${recipientId}`,
      max: (limits) => limits.signingCodesPerRecipientPerHour,
      windowMs: HOUR_MS,
      message: m.tooManyCodes,
      retryAfterInBody: true,
    });

  /** The live link and its gate (turn, then identity code), or the outcome that refuses. */
  async function admitted(req: FastifyRequest, token: string): Promise<Live> {
    const live = await liveLink(token);
    const g = await gate(app.requests, live, req.session);
    if (g.kind !== 'ok') throw refused(g);
    return live;
  }

  /** The live link, or the same 404 as for any link that is not. */
  async function liveLink(token: string): Promise<Live> {
    const live = await resolveLive(app.requests, token);
    if (!live) throw notLive();
    return live;
  }

  app.get(
    '/api/sign/:token',
    { onRequest: callLimit, schema: { params: tokenParams, response: { 200: signingAnswer } } },
    async (req, reply) => {
      const live = await liveLink(req.params.token);
      // The page's next calls are POSTs: they need a session for their CSRF token.
      const session = ensureSession(app, req, reply);
      return signingView(app.requests, live, req.params.token, session, recipientActor(live, meta(req)));
    },
  );

  app.post(
    '/api/sign/:token/code',
    { onRequest: callLimit, schema: { params: tokenParams, response: { 200: codeSentAnswer } } },
    async (req) => {
      const live = await liveLink(req.params.token);
      if (live.request.require_code !== 1) throw conflict(m.codeNotNeeded);
      await codeLimit(live.recipient.id)(req);
      return sendCode(app.requests, live, recipientActor(live, meta(req)));
    },
  );

  app.post(
    '/api/sign/:token/verify-code',
    {
      onRequest: callLimit,
      schema: { params: tokenParams, body: verifyCodeSchema, response: { 200: messageAnswer } },
    },
    async (req) => {
      const live = await liveLink(req.params.token);
      if (live.request.require_code !== 1) throw conflict(m.codeNotNeeded);
      // The CSRF check has already required a session: the confirmation is bound to it.
      const result = await verifyCode(
        app.requests,
        live,
        req.body.code,
        req.session!,
        recipientActor(live, meta(req)),
      );
      switch (result.kind) {
        case 'ok':
          return { message: m.codeVerified };
        case 'wrong':
          throw invalid(m.codeWrong(result.attemptsLeft), { attemptsLeft: result.attemptsLeft });
        case 'expired':
          throw gone(m.codeExpired, { newCodeNeeded: true });
      }
    },
  );

  app.get(
    '/api/sign/:token/file',
    {
      onRequest: callLimit,
      schema: { params: tokenParams, response: { 200: pdfAnswer } },
      onSend: (_req, reply, payload, done) => {
        if (reply.getHeader('content-type') === 'application/pdf')
          reply.header('Content-Security-Policy', PDF_CSP);
        done(null, payload);
      },
    },
    async (req, reply) => {
      const live = await admitted(req, req.params.token);
      const file = await recipientFile(app.requests, live);
      if (!file) throw notLive();
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
    {
      onRequest: callLimit,
      bodyLimit: COMPLETE_BODY_LIMIT,
      schema: { params: tokenParams, body: completeSchema, response: { 200: completeAnswer } },
    },
    async (req) => {
      const live = await admitted(req, req.params.token);
      const result = await finish(
        app.requests,
        live,
        req.body.values,
        req.session,
        recipientActor(live, meta(req)),
      );
      if (result.kind !== 'ok') throw finishRefused(result);
      return { message: result.lastOne ? m.finishedLast : m.finished, lastOne: result.lastOne };
    },
  );

  app.post(
    '/api/sign/:token/decline',
    {
      onRequest: callLimit,
      schema: { params: tokenParams, body: declineSchema, response: { 200: messageAnswer } },
    },
    async (req) => {
      const live = await admitted(req, req.params.token);
      const done = await decline(app.requests, live, req.body.reason, recipientActor(live, meta(req)));
      if (!done) throw notLive();
      return { message: m.declined };
    },
  );
}
