import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EARLY_ACTIONS_SCRIPT } from '#shared/early-actions-script.ts';
import { overHttps } from '#server/lib/cookies.ts';
import { cspHash } from '#server/lib/crypto.ts';
import type { App } from '../app-types.ts';

/** The verification page's one inline script (decision 036), allowed by its hash on that page only. */
const EARLY_ACTIONS_HASH = cspHash(EARLY_ACTIONS_SCRIPT);

/**
 * The CSP; a configured third-party analytics script adds exactly its origin. The verification
 * page's (`verifyPage`) also allows its inline script by hash, and connections to any issuer.
 */
export const contentSecurityPolicy = (analyticsOrigin: string | null, verifyPage = false) =>
  [
    "default-src 'self'",
    `script-src 'self'${verifyPage ? ` ${EARLY_ACTIONS_HASH}` : ''}${analyticsOrigin ? ` ${analyticsOrigin}` : ''}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // The verification page fetches another instance's public keys and log from the browser
    // (a seal it issued): any HTTPS origin, read-only, no credentials.
    `connect-src 'self'${analyticsOrigin ? ` ${analyticsOrigin}` : ''}${verifyPage ? ' https:' : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * JSON answers are data that no browser renders as a page: the OWASP REST set, with a policy
 * that allows nothing.
 */
const jsonHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};
const HSTS = 'max-age=31536000; includeSubDomains';
const apiJson = { ...jsonHeaders, 'cache-control': 'no-store' };
const apiJsonHttps = { ...apiJson, 'strict-transport-security': HSTS };

const appliers = new WeakMap<FastifyInstance, (req: FastifyRequest, reply: FastifyReply) => void>();

/** For answers sent where no hook runs (the router's own errors): the same headers as the hook sets. */
export function applySecurityHeaders(req: FastifyRequest, reply: FastifyReply) {
  appliers.get(req.server)?.(req, reply);
}

export function registerSecurityHeaders(app: App) {
  // Built once per CSP value and set in one call: these run on every response, the hot look-up too.
  const headersFor = (csp: string) => ({
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Reset and verification links carry tokens in the URL: never leak them to other sites.
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
  });
  let cached = {
    script: null as string | null,
    headers: headersFor(contentSecurityPolicy(null)),
    verify: headersFor(contentSecurityPolicy(null, true)),
  };
  const apply = (req: FastifyRequest, reply: FastifyReply) => {
    const type = reply.getHeader('content-type');
    const api = req.url.startsWith('/api/');
    const https = overHttps(req);
    if (typeof type === 'string' && type.startsWith('application/json')) {
      if (api) return void reply.headers(https ? apiJsonHttps : apiJson);
      reply.headers(jsonHeaders);
    } else {
      const script = app.site.analyticsScriptUrl;
      if (script !== cached.script) {
        const origin = script ? new URL(script).origin : null;
        cached = {
          script,
          headers: headersFor(contentSecurityPolicy(origin)),
          verify: headersFor(contentSecurityPolicy(origin, true)),
        };
      }
      // a page that brings its own, stricter policy (the blocked-address page) keeps it
      const own = reply.getHeader('content-security-policy');
      reply.headers(req.url.startsWith('/verify-signature') ? cached.verify : cached.headers);
      if (own) reply.header('content-security-policy', own);
    }
    if (https) reply.header('strict-transport-security', HSTS);
    if (api) reply.header('cache-control', 'no-store');
  };
  appliers.set(app, apply);
  app.addHook('onSend', (req, reply, payload, done) => {
    apply(req, reply);
    done(null, payload);
  });
}
