import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '#shared/constants.ts';

/*
 * The one cookie the product sets is the session's. Reading it where it is needed, instead of a
 * plugin that parses every request's Cookie header in one hook and checks for cookies to write in
 * another, keeps both hooks off the hot verification path (bench/lookups.ts, decision 015).
 */

/**
 * Whether the browser reaches the service over https: PUBLIC_URL is https (published behind TLS),
 * or this request came over TLS, directly or by a trusted proxy's X-Forwarded-Proto (TRUST_PROXY).
 * Then cookies are Secure and every answer carries HSTS.
 */
export const overHttps = (req: FastifyRequest) => req.server.publicHttps || req.protocol === 'https';

/**
 * The session cookie's name. Over https it has the `__Host-` prefix: the browser keeps such a cookie
 * only when set over https with Secure, Path=/ and no Domain, so neither a plain-http answer nor a
 * sibling host can plant or replace it. Plain http (development on loopback) keeps the plain name.
 */
export const sessionCookieName = (https: boolean) => (https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

/** The value of cookie `name` in a Cookie header, or undefined (the first one wins, as browsers send). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined; // malformed escapes: treat as absent
    }
  }
  return undefined;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict';
}

export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${Math.floor(o.maxAge)}`];
  if (o.maxAge <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  parts.push(`Path=${o.path ?? '/'}`);
  if (o.httpOnly) parts.push('HttpOnly');
  if (o.secure) parts.push('Secure');
  if (o.sameSite) parts.push(`SameSite=${o.sameSite}`);
  return parts.join('; ');
}

/** Adds a Set-Cookie header (Fastify keeps several Set-Cookie values apart). */
export function setCookie(reply: FastifyReply, name: string, value: string, o: CookieOptions) {
  void reply.header('set-cookie', serializeCookie(name, value, o));
}
