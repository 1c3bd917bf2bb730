import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '#server/app-types.ts';
import { overHttps, sessionCookieName, setCookie } from '#server/lib/cookies.ts';
import type { SessionState } from './session-store.ts';

/** Sets the session cookie, or deletes it (maxAgeMs 0) with the attributes its name demands. */
function setSessionCookie(req: FastifyRequest, reply: FastifyReply, raw: string, maxAgeMs: number) {
  const https = overHttps(req);
  setCookie(reply, sessionCookieName(https), raw, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: https,
    maxAge: maxAgeMs / 1000,
  });
}

/** Starts a fresh session (new id, so a fixed id from before login is worthless) and ends the old one. */
export async function startSession(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number | null,
) {
  if (req.session) await app.sessions.destroy(req.session.id);
  const { raw, id } = await app.sessions.create(userId, { ip: req.ip, userAgent: req.headers['user-agent'] });
  setSessionCookie(req, reply, raw, app.limits.sessionAbsoluteMs);
  const user = userId == null ? null : await app.accounts.findById(userId);
  req.session = { id, user: user ?? null };
  return req.session;
}

/**
 * The caller's session, or a new stateless anonymous one (CAPTCHA and CSRF tokens bind to it);
 * null when this IP has started too many lately.
 */
export function ensureSession(app: App, req: FastifyRequest, reply: FastifyReply): SessionState | null {
  if (req.session) return req.session;
  if (!app.anonymousLimits.allowSession(req.ip)) return null;
  const { raw, id } = app.sessions.createAnonymous();
  setSessionCookie(req, reply, raw, app.limits.sessionAbsoluteMs);
  req.session = { id, user: null, stateless: true };
  return req.session;
}

export async function endSession(app: App, req: FastifyRequest, reply: FastifyReply) {
  if (req.session) await app.sessions.destroy(req.session.id);
  req.session = null;
  setSessionCookie(req, reply, '', 0);
}
