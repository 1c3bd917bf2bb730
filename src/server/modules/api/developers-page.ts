import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiErrorCodes } from '#shared/api/errors.ts';

/**
 * Where scripts/build-developers.mjs writes the page's files: beside the web root, not in it,
 * so dist/developers/ (Scalar's browser build, the script that starts it, the page's style).
 */
export const developersDirOf = (webRoot: string) =>
  path.join(path.dirname(path.resolve(webRoot)), 'developers');

export const DEVELOPERS_PATH = '/developers';

/**
 * The quick start's signing request: one signer with one signature box on page 1 (PDF points
 * from the top-left). Kept here so a test sends exactly what the page shows.
 */
export const QUICK_START_REQUEST = {
  documentId: 1,
  recipients: [{ name: 'Ada Lovelace', email: 'ada@example.com' }],
  fields: [{ recipient: 0, type: 'signature', page: 1, rect: { x: 72, y: 600, width: 180, height: 80 } }],
} as const;
export const DEVELOPERS_FILES = ['reference.js', 'developers.js', 'developers.css'] as const;
export type DevelopersFile = (typeof DEVELOPERS_FILES)[number];

/**
 * The page's own policy: its three files from this origin and nothing else. Scalar adds its
 * styles as <style> elements at run time and sets style attributes, hence `'unsafe-inline'` for
 * styles only (a style cannot run code; scripts stay 'self'). "Try it" and the document are
 * fetched from this origin; no font, image or connection goes anywhere else.
 */
export const DEVELOPERS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page: an introduction with a quick start and the error codes, then the reference. */
export function developersPage(origin: string, siteName: string): string {
  const o = escapeHtml(origin);
  const name = escapeHtml(siteName);
  const codes = Object.entries(apiErrorCodes)
    .map(([code, text]) => `<dt>${code}</dt><dd>${escapeHtml(text.replace(/`/g, ''))}</dd>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference — ${name}</title>
<meta name="description" content="The ${name} API: upload documents, send them for signature and follow them, with a token.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${DEVELOPERS_PATH}/developers.css">
<script src="${DEVELOPERS_PATH}/reference.js" defer></script>
<script src="${DEVELOPERS_PATH}/developers.js" defer></script>
</head>
<body>
<a class="skip" href="#reference">Skip to the API reference</a>
<!-- A region, not a banner: on a phone the reference below shows a header of its own. -->
<section class="intro" aria-labelledby="page-title">
<p><a href="/">${name}</a></p>
<h1 id="page-title">${name} API</h1>
<p>Upload documents, send them for signature, follow them to the end, and hear about it by webhook
or from the events feed. Every call is JSON over HTTPS with a token; the full reference is below
and can be <a href="/api/v1/openapi.json">downloaded as OpenAPI 3.1</a>.</p>
</section>
<section class="intro" aria-labelledby="quick-start">
<h2 id="quick-start">Quick start</h2>
<p>1. Create a token in <a href="/settings">Settings &gt; API</a>, with the scopes you need. It is shown once: keep it secret.</p>
<p>2. List your documents:</p>
<pre tabindex="0"><code>curl -H "Authorization: Bearer ink_…" ${o}/api/v1/documents</code></pre>
<p>3. Upload a PDF:</p>
<pre tabindex="0"><code>curl -H "Authorization: Bearer ink_…" -H "Idempotency-Key: $(uuidgen)" \\
  -F file=@contract.pdf -F name="Contract" ${o}/api/v1/documents</code></pre>
<p>4. Send it for signature:</p>
<pre tabindex="0"><code>curl -H "Authorization: Bearer ink_…" -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" \\
  -d '${escapeHtml(JSON.stringify(QUICK_START_REQUEST))}' \\
  ${o}/api/v1/requests</code></pre>
<p>Every POST honours <code>Idempotency-Key</code>: a retry with the same key and body gets the first answer.
Lists page with <code>cursor</code> and <code>limit</code>. Calls per token are limited: every answer carries
<code>RateLimit</code>, and a 429 carries <code>Retry-After</code>.</p>
<h2 id="errors">Errors</h2>
<p>An error is <code>{ "message": "…", "code": "…" }</code> with a 4xx or 5xx status. Messages may change; codes do not:</p>
<dl>${codes}</dl>
<h2 id="reference-title">Reference</h2>
<p>Choose an operation and “Test Request” to call this server with your token.</p>
</section>
<!-- Scalar renders the page's main landmark here. -->
<div id="reference"></div>
</body>
</html>
`;
}

export interface DevelopersAsset {
  type: string;
  identity: Buffer;
  /** Quoted hash of the file: the reference script is 4.7 MB, asked again only when it changed. */
  etag: string;
  gzip: Buffer;
  br: Buffer;
}

/** The page's built files, read once; null when the build has not made them. */
export function readDevelopersAssets(
  webRoot: string | undefined,
): Map<DevelopersFile, DevelopersAsset> | null {
  if (!webRoot) return null;
  const dir = developersDirOf(webRoot);
  if (!fs.existsSync(path.join(dir, 'reference.js'))) return null;
  const assets = new Map<DevelopersFile, DevelopersAsset>();
  for (const name of DEVELOPERS_FILES) {
    const file = path.join(dir, name);
    const identity = fs.readFileSync(file);
    assets.set(name, {
      type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      identity,
      etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      gzip: fs.readFileSync(`${file}.gz`),
      br: fs.readFileSync(`${file}.br`),
    });
  }
  return assets;
}
