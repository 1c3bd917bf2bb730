import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_ORIGIN, testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Default</title><meta name="description" content="Default" /></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(webRoot, 'assets'));
  const js = 'export const answer = 42;\n'.repeat(200);
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), js);
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(js));
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.writeFileSync(
    path.join(webRoot, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/': ['assets/home-page-abc.js', 'assets/icons-def.js'],
      '/blog/:slug': ['assets/post-ghi.js'],
    }),
  );
  ctx = await testApp({ webRoot });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<
    string,
    any
  >;

describe('HTML for clients that run no JavaScript', () => {
  test('the home page head holds its title, description, canonical, social tags and WebApplication at 0 USD', async () => {
    const res = await ctx.app.inject('/');
    expect(res.statusCode).toBe(200);
    const h = head(res.body);
    expect(h).toMatch(/<title>Inkproof — free electronic signatures anyone can verify<\/title>/);
    expect(h).toMatch(/<meta name="description" content="Draw or type your signature[^"]+"/);
    expect(h).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/" />`);
    expect(h).toContain('<meta property="og:title"');
    expect(h).toContain('<meta name="twitter:card"');
    const ld = jsonLd(res.body);
    expect(ld['@type']).toBe('WebApplication');
    expect(ld.offers).toMatchObject({ price: '0', priceCurrency: 'USD' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  test('/about has its own title and canonical', async () => {
    const h = head((await ctx.app.inject('/about')).body);
    expect(h).toContain('<title>About Inkproof and terms and conditions</title>');
    expect(h).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/about" />`);
    expect(h).not.toContain('noindex');
  });

  test('private pages are served but kept out of search engines', async () => {
    const res = await ctx.app.inject('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(head(res.body)).toContain('noindex');
  });

  test('an unknown page answers 404 with the app, so it can show its not-found page', async () => {
    const res = await ctx.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  test('a path cannot inject markup into the head', async () => {
    const res = await ctx.app.inject('/%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
    expect(res.body).not.toContain('<script>alert(1)');
  });
});

describe('what the app needs to start fast', () => {
  const sessionMeta = '<meta name="inkproof-session" content="none" />';

  test('a visitor without a session cookie gets the signed-out mark, so the app skips GET /api/user', async () => {
    const res = await ctx.app.inject('/');
    expect(head(res.body)).toContain(sessionMeta);
  });

  test('a request with a session cookie (even an expired one) gets no mark and asks the API as usual', async () => {
    const res = await ctx.app.inject({ url: '/', cookies: { inkproof_session: 'expired-or-unknown' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('inkproof-session');
    const user = await ctx.app.inject({
      url: '/api/user',
      cookies: { inkproof_session: 'expired-or-unknown' },
    });
    expect(user.statusCode).toBe(401);
  });

  test("a page's own code is preloaded beside the entry, for its route only", async () => {
    const home = head((await ctx.app.inject('/')).body);
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-abc.js" />');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/icons-def.js" />');
    const about = head((await ctx.app.inject('/about')).body);
    expect(about).not.toContain('modulepreload');
  });

  test('a route with a parameter is matched, but a page that does not exist preloads nothing', async () => {
    const missing = await ctx.app.inject('/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('/assets/post-ghi.js');
  });
});

describe('sitemap and robots', () => {
  test('the sitemap is valid XML listing the public pages', async () => {
    const res = await ctx.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(XMLValidator.validate(res.body)).toBe(true);
    const locs = (new XMLParser().parse(res.body).urlset.url as { loc: string }[]).map((u) => u.loc);
    for (const p of ['/', '/signature', '/verify-signature', '/about', '/use-cases', '/blog']) {
      expect(locs).toContain(`${TEST_ORIGIN}${p}`);
    }
    expect(locs.some((l) => l.includes('/admin') || l.includes('/api'))).toBe(false);
  });

  test('robots.txt keeps /admin, /api and private pages out and points at the sitemap', async () => {
    const body = (await ctx.app.inject('/robots.txt')).body;
    for (const p of ['/admin', '/api', '/dashboard', '/documents', '/my-signatures', '/settings']) {
      expect(body).toContain(`Disallow: ${p}/\n`);
    }
    expect(body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  test('robots.txt blocks private paths by whole segments: no page in the sitemap is disallowed', async () => {
    const rules = (await ctx.app.inject('/robots.txt')).body
      .split('\n')
      .filter((l) => l.startsWith('Disallow: '))
      .map((l) => l.slice('Disallow: '.length));
    // Robots matching (RFC 9309 prefix match, with Google's and Lighthouse's `$` end anchor).
    const blocked = (path: string) =>
      rules.some((r) => (r.endsWith('$') ? path === r.slice(0, -1) : path.startsWith(r)));
    const sitemap = (await ctx.app.inject('/sitemap.xml')).body;
    const pages = (new XMLParser().parse(sitemap).urlset.url as { loc: string }[]).map((u) =>
      u.loc.slice(TEST_ORIGIN.length),
    );
    expect(pages).toContain('/signature');
    for (const page of pages) expect(blocked(page), page).toBe(false);
    for (const path of ['/sign/abc123', '/sign', '/sign-document/5', '/admin', '/admin/users', '/api/user'])
      expect(blocked(path), path).toBe(true);
  });
});

test('/api/mail-templates/password-reset downloads the reset e-mail the product sends', async () => {
  const res = await ctx.app.inject('/api/mail-templates/password-reset');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toBe('attachment; filename="password-reset-email.html"');
  expect(res.body).toContain('Reset your password');
  expect(res.body).toContain(`${TEST_ORIGIN}/reset-password?token=`);
});

test('hashed assets are sent pre-compressed and cached for a year', async () => {
  const br = await ctx.app.inject({
    url: '/assets/app-abc123.js',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['cache-control']).toContain('immutable');
  expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('answer = 42');
  const plain = await ctx.app.inject({ url: '/assets/app-abc123.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toContain('answer = 42');
});

test('the build folder’s dot folders (.vite: manifest, preload table, asset ledger) are not served', async () => {
  for (const url of [
    '/.vite/route-preloads.json',
    '/.vite/../.vite/route-preloads.json',
    '/%2Evite/route-preloads.json',
  ]) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(res.body, url).not.toContain('home-page-abc');
  }
  const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
  expect(asset.statusCode).toBe(200);
});
