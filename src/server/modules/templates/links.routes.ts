import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { fileAnswer, messageAnswer } from '#shared/answers.ts';
import { requestMessages } from '#shared/requests/messages.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import {
  LINK_SLUG_PATTERN,
  linkMessages as lm,
  linkSavedAnswer,
  linkSettingsSchema,
  linkStartAnswer,
  linkStartSchema,
  linkVerifyAnswer,
  linkVerifySchema,
  publicLinkAnswer,
  slugParams,
  submissionsAnswer,
  submissionsQuery,
  templateLinkAnswer,
  type LinkState,
} from '#shared/templates/links.ts';
import type { App } from '#server/app-types.ts';
import { sha256 } from '#server/lib/crypto.ts';
import { conflict, gone, invalid, notFound, type Outcome } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { ensureSession } from '#server/modules/sessions/session-cookie.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { linkPath } from './links.service.ts';
import { useRefused } from './templates.routes.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Calls to the visitor's routes, per IP and per link, within an hour (each counted as it arrives). */
export const LINK_CALLS_PER_IP_PER_HOUR = 120;
export const LINK_CALLS_PER_LINK_PER_HOUR = 2_000;
/** Codes one IP may ask for within an hour, on any link; each is a mail. */
export const LINK_CODES_PER_IP_PER_HOUR = 10;

/** A closed link, as the visitor's POSTs answer it: 409 while paused, 410 once over for good. */
export function closedLink(state: Exclude<LinkState, 'open'>): Outcome {
  switch (state) {
    case 'paused':
      return conflict(lm.paused, { code: 'link_paused', state });
    case 'expired':
      return gone(lm.expired, { code: 'link_expired', state });
    case 'exhausted':
      return gone(lm.exhausted, { code: 'link_exhausted', state });
  }
}

const slugOf = (req: FastifyRequest) => String((req.params as { slug?: unknown }).slug ?? '').slice(0, 64);
const unknownLink = () => notFound(lm.notFound);

/** A link's owner sets it up and watches it; visitors open it at /d/{slug}. */
export function templateLinkRoutes(app: App) {
  // Owner's side: every route filters by owner, another's template answers 404.
  app.get(
    '/api/templates/:id/link',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: templateLinkAnswer } } },
    async (req) => {
      const r = await app.templateLinks.get(currentUser(req).id, req.params.id);
      if (r.kind === 'missing') throw notFound(m.notFound);
      return { link: r.link };
    },
  );

  app.put(
    '/api/templates/:id/link',
    {
      onRequest: requireUser,
      schema: { params: idParams, body: linkSettingsSchema, response: { 200: linkSavedAnswer } },
    },
    async (req) => {
      const r = await app.templateLinks.save(currentUser(req).id, req.params.id, req.body);
      if (r.kind === 'missing') throw notFound(m.notFound);
      if (r.kind === 'invalid')
        throw invalid(r.message, {
          path: r.path,
          code: 'validation_failed',
          issues: [{ path: r.path.join('.'), message: r.message }],
        });
      return { message: lm.saved, link: r.link };
    },
  );

  app.delete(
    '/api/templates/:id/link',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: messageAnswer } } },
    async (req) => {
      const r = await app.templateLinks.remove(currentUser(req).id, req.params.id);
      if (r === 'missing') throw notFound(m.notFound);
      if (r === 'none') throw notFound(lm.notSetUp);
      return { message: lm.deleted };
    },
  );

  app.get(
    '/api/templates/:id/link/submissions',
    {
      onRequest: requireUser,
      schema: { params: idParams, querystring: submissionsQuery, response: { 200: submissionsAnswer } },
    },
    async (req) => {
      const r = await app.templateLinks.submissions(currentUser(req).id, req.params.id, req.query);
      if (!r) throw notFound(m.notFound);
      return r;
    },
  );

  app.get(
    '/api/templates/:id/link/qr.svg',
    {
      onRequest: requireUser,
      schema: { params: idParams, response: { 200: fileAnswer('image/svg+xml') } },
    },
    async (req, reply) => {
      const r = await app.templateLinks.get(currentUser(req).id, req.params.id);
      if (r.kind === 'missing') throw notFound(m.notFound);
      if (!r.link) throw notFound(lm.notSetUp);
      const url = `${app.site.publicUrl}${linkPath(r.link.slug)}`;
      const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
      return reply
        .type('image/svg+xml')
        .header('Content-Disposition', `inline; filename="signing-link-qr.svg"`)
        .header('Cache-Control', 'no-store')
        .send(svg);
    },
  );

  // The visitor's side: no account. Counted as each call arrives, per IP and per link.
  const callLimit = rateLimit(
    app,
    {
      key: (req) => `dlink:ip:${req.ip}`,
      max: () => LINK_CALLS_PER_IP_PER_HOUR,
      windowMs: HOUR_MS,
      message: lm.tooManyCalls,
      retryAfterInBody: true,
    },
    {
      key: (req) => `dlink:link:${sha256(slugOf(req)).slice(0, 32)}`,
      max: () => LINK_CALLS_PER_LINK_PER_HOUR,
      windowMs: HOUR_MS,
      message: lm.tooManyCalls,
      retryAfterInBody: true,
    },
  );
  /** Codes mailed: per IP, and per address whichever link or network asks. */
  const codeLimit = rateLimit(
    app,
    {
      key: (req) => `dlink:code-ip:${req.ip}`,
      max: () => LINK_CODES_PER_IP_PER_HOUR,
      windowMs: HOUR_MS,
      message: lm.tooManyCodes,
      retryAfterInBody: true,
    },
    {
      key: (req) => `dlink:code-to:${sha256((req.body as { email: string }).email)}`,
      max: (limits) => limits.signingCodesPerRecipientPerHour,
      windowMs: HOUR_MS,
      message: lm.tooManyCodes,
      retryAfterInBody: true,
    },
  );

  const checkedSlug = (slug: string) => {
    if (!LINK_SLUG_PATTERN.test(slug)) throw unknownLink();
    return slug;
  };

  app.get(
    '/api/d/:slug',
    { onRequest: callLimit, schema: { params: slugParams, response: { 200: publicLinkAnswer } } },
    async (req, reply) => {
      const info = await app.templateLinks.publicInfo(checkedSlug(req.params.slug));
      if (!info) throw unknownLink();
      // The page's next calls are POSTs: they need a session for their CSRF token, and the code binds to it.
      ensureSession(app, req, reply);
      return info;
    },
  );

  app.post(
    '/api/d/:slug/start',
    {
      onRequest: callLimit,
      preHandler: codeLimit,
      schema: { params: slugParams, body: linkStartSchema, response: { 200: linkStartAnswer } },
    },
    async (req) => {
      const r = await app.templateLinks.start(checkedSlug(req.params.slug), req.session!.id, req.body);
      switch (r.kind) {
        case 'ok':
          return { message: lm.codeSent(r.email), expiresAt: r.expiresAt };
        case 'missing':
          throw unknownLink();
        case 'closed':
          throw closedLink(r.state);
        case 'needs-setup':
          throw conflict(lm.needsSetup, { code: 'link_needs_setup' });
      }
    },
  );

  app.post(
    '/api/d/:slug/verify',
    {
      onRequest: callLimit,
      schema: { params: slugParams, body: linkVerifySchema, response: { 200: linkVerifyAnswer } },
    },
    async (req) => {
      const ua = req.headers['user-agent'];
      const r = await app.templateLinks.verify(checkedSlug(req.params.slug), req.session!.id, req.body.code, {
        ip: req.ip,
        userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
      });
      switch (r.kind) {
        case 'ok':
          return { message: lm.verified, signUrl: r.signUrl };
        case 'missing':
          throw unknownLink();
        case 'closed':
          throw closedLink(r.state);
        case 'needs-setup':
          throw conflict(lm.needsSetup, { code: 'link_needs_setup' });
        case 'no-code':
          throw conflict(lm.codeNeeded, { code: 'code_not_sent' });
        case 'wrong':
          throw invalid(requestMessages.codeWrong(r.attemptsLeft), { attemptsLeft: r.attemptsLeft });
        case 'expired-code':
          throw gone(requestMessages.codeExpired, { code: 'code_expired', newCodeNeeded: true });
        case 'refused':
          throw useRefused(r.outcome);
      }
    },
  );
}
