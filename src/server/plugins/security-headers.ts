import type { App } from '../app.ts';

/** The CSP; a configured third-party analytics script adds exactly its origin. */
export const contentSecurityPolicy = (analyticsOrigin: string | null) => [
  "default-src 'self'",
  `script-src 'self'${analyticsOrigin ? ` ${analyticsOrigin}` : ''}`,
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  `connect-src 'self'${analyticsOrigin ? ` ${analyticsOrigin}` : ''}`,
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: App) {
  let cached = { script: null as string | null, csp: contentSecurityPolicy(null) };
  app.addHook('onSend', async (req, reply, payload) => {
    const script = app.site.analyticsScriptUrl;
    if (script !== cached.script) cached = { script, csp: contentSecurityPolicy(script ? new URL(script).origin : null) };
    reply.header('Content-Security-Policy', cached.csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    // Reset and verification links carry tokens in the URL: never leak them to other sites.
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
    if (req.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
