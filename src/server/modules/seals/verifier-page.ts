import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { SealKeySet } from '#shared/seals/keys.ts';
import { issuerOf, VERIFY_PATH } from '#shared/seals/link.ts';
import { cspHash } from '#server/lib/crypto.ts';

/**
 * Where scripts/build-verifier.mjs writes the template: beside the web root, not in it (the static
 * files there are served as they are, dot folders too), so dist/verifier/verifier.html.
 */
export const verifierTemplateOf = (webRoot: string) =>
  path.join(path.dirname(path.resolve(webRoot)), 'verifier', 'verifier.html');

export interface VerifierPage {
  html: Buffer;
  gzip: Buffer;
  csp: string;
}

/** JSON safe inside <script type="application/json">: no `<`, `>`, `&` or line separators as themselves. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The policy the page is served with: its one inline script and style by hash, nothing else. */
function policyOf(template: string): string {
  const script = /<script>([\s\S]*?)<\/script>/.exec(template)?.[1];
  const style = /<style>([\s\S]*?)<\/style>/.exec(template)?.[1];
  if (script === undefined || style === undefined)
    throw new Error('the verifier template has no inline script or style');
  return [
    "default-src 'none'",
    `script-src ${cspHash(script)}`,
    `style-src ${cspHash(style)}`,
    'img-src blob: data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The stand-alone verifier with this instance's key set in it (decision 033). The template is read
 * once; the filled page is kept until the key set or the address changes (a rotation, on any
 * instance), so a request costs one read of the keys table.
 */
export class VerifierPages {
  private template: { text: string; csp: string } | null | undefined;
  private cached: { key: string; page: VerifierPage } | null = null;

  constructor(private readonly webRoot: string | undefined) {}

  private load() {
    if (this.template !== undefined) return this.template;
    const file = this.webRoot ? verifierTemplateOf(this.webRoot) : null;
    if (!file || !fs.existsSync(file)) return (this.template = null);
    const text = fs.readFileSync(file, 'utf8');
    return (this.template = { text, csp: policyOf(text) });
  }

  /** Null when the verifier was not built (API tests, a server started without `npm run build`). */
  render(publicUrl: string, keySet: SealKeySet): VerifierPage | null {
    const template = this.load();
    if (!template) return null;
    const issuer = issuerOf(new URL(`${publicUrl.replace(/\/+$/, '')}${VERIFY_PATH}`));
    const json = jsonForScript({ issuer, keySet });
    if (this.cached?.key === json) return this.cached.page;
    const html = Buffer.from(
      template.text.replace('__KEYS__', () => json),
      'utf8',
    );
    const page = { html, gzip: zlib.gzipSync(html, { level: 9 }), csp: template.csp };
    this.cached = { key: json, page };
    return page;
  }
}
