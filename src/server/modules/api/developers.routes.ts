import { fileAnswer, noContent } from '#shared/answers.ts';
import type { App } from '#server/app-types.ts';
import { notFound } from '#server/lib/outcomes.ts';
import {
  DEVELOPERS_CSP,
  DEVELOPERS_FILES,
  DEVELOPERS_PATH,
  developersPage,
  readDevelopersAssets,
  type DevelopersAsset,
} from './developers-page.ts';

const NOT_BUILT = 'The API reference is not built: run npm run build';

/**
 * GET /developers: the API reference, an introduction around Scalar's reference of
 * /api/v1/openapi.json, served from this instance with a policy of its own (DEVELOPERS_CSP).
 */
export function developersRoutes(app: App, webRoot: string | undefined) {
  let assets: Map<string, DevelopersAsset> | null | undefined;
  const built = () => (assets === undefined ? (assets = readDevelopersAssets(webRoot)) : assets);
  let page: { origin: string; name: string; html: string } | null = null;

  app.get(
    DEVELOPERS_PATH,
    { schema: { response: { 200: fileAnswer('text/html') } } },
    async (_req, reply) => {
      if (!built()) throw notFound(NOT_BUILT);
      const { publicUrl: origin, siteName: name } = app.site;
      if (page?.origin !== origin || page.name !== name)
        page = { origin, name, html: developersPage(origin, name) };
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', DEVELOPERS_CSP)
        .header('Cache-Control', 'no-cache')
        .send(page.html);
    },
  );

  for (const name of DEVELOPERS_FILES) {
    app.get(
      `${DEVELOPERS_PATH}/${name}`,
      {
        schema: {
          response: {
            200: fileAnswer(name.endsWith('.css') ? 'text/css' : 'text/javascript'),
            304: noContent,
          },
        },
      },
      async (req, reply) => {
        const asset = built()?.get(name);
        if (!asset) throw notFound(NOT_BUILT);
        const accepted = String(req.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
        reply
          .header('Content-Type', asset.type)
          .header('Cache-Control', 'no-cache')
          .header('ETag', asset.etag)
          .header('Vary', 'Accept-Encoding');
        if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send(undefined);
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.identity);
      },
    );
  }
}
