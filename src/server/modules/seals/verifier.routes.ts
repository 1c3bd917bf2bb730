import { fileAnswer } from '#shared/answers.ts';
import type { App } from '#server/app-types.ts';
import { notFound } from '#server/lib/outcomes.ts';
import { sealApiMessages as m } from './messages.ts';
import { VerifierPages } from './verifier-page.ts';

export const VERIFIER_PATH = '/verifier.html';

/**
 * GET /verifier.html: the stand-alone verifier, one file with the instance's public keys (retired
 * ones too) inside, to save and open from disk years later.
 */
export function verifierRoutes(app: App, webRoot: string | undefined) {
  const pages = new VerifierPages(webRoot);
  app.get(VERIFIER_PATH, { schema: { response: { 200: fileAnswer('text/html') } } }, async (req, reply) => {
    const page = pages.render(app.site.publicUrl, await app.seals.keys.keySet());
    if (!page) throw notFound(m.verifierNotBuilt);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', page.csp)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .header('Content-Disposition', 'inline; filename="inkproof-verifier.html"');
    if (gzip) reply.header('Content-Encoding', 'gzip');
    return reply.send(gzip ? page.gzip : page.html);
  });
}
