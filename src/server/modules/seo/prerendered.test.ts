import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EARLY_ACTIONS_SCRIPT } from '#shared/early-actions-script.ts';
import { cspHash } from '#server/lib/crypto.ts';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { PRERENDER_FILE, type PrerenderTable } from './prerendered.ts';

/**
 * Decision 036: the verification page's HTML carries its first render (built by
 * scripts/prerender.mjs), so it paints before its script runs. The server picks the variant the
 * request's first render would show and writes the admin's site name into it, escaped.
 */
const SLOT = '%%site%%';
const YEAR = '%%year%%';
const variant = (key: string) =>
  `<header><span>${SLOT}</span></header><main data-variant="${key}"></main><footer>© ${YEAR} ${SLOT}</footer>`;
const keys = ['in', 'out'].flatMap((s) =>
  ['idle', 'target'].flatMap((i) => ['default', 'named'].map((n) => `${s}-${i}-${n}`)),
);
const table: PrerenderTable = {
  siteNameSlot: SLOT,
  yearSlot: YEAR,
  variants: Object.fromEntries(keys.map((k) => [k, variant(k)])),
};

let ctx: TestContext;
let admin: Agent;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Inkproof</title><meta name="description" content="x" /><script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime-b2.js"></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.writeFileSync(
    path.join(webRoot, '.vite', 'route-preloads.json'),
    JSON.stringify({ '/verify-signature': ['assets/verify-c3.js'], '/': ['assets/home-d4.js'] }),
  );
  fs.writeFileSync(path.join(webRoot, PRERENDER_FILE), JSON.stringify(table));
  ctx = await testApp({ webRoot });
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

async function rename(siteName: string) {
  const current = (await admin.get('/api/admin/settings')).json();
  const res = await admin.put('/api/admin/settings', { ...current, analyticsScriptUrl: '', siteName });
  expect(res.statusCode).toBe(200);
}
const root = (html: string) => /<div id="root"( data-prerendered)?>([\s\S]*?)<\/div>\s*<\/body>/.exec(html);
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
const variantOf = async (url: string, cookies?: Record<string, string>) => {
  const res = await ctx.app.inject({ url, cookies });
  expect(res.statusCode).toBe(200);
  return /data-variant="([^"]+)"/.exec(res.body)?.[1] ?? null;
};

describe('the verification page is sent with its first render', () => {
  test('in a marked root, with the product name and the current year', async () => {
    await rename('Inkproof');
    const res = await ctx.app.inject('/verify-signature');
    const match = root(res.body)!;
    expect(match[1]).toBe(' data-prerendered');
    expect(match[2]).toBe(
      `<header><span>Inkproof</span></header><main data-variant="out-idle-default"></main><footer>© ${new Date().getFullYear()} Inkproof</footer>`,
    );
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  test('its scripts are fetched after the HTML and the style sheet; other pages keep their priority', async () => {
    const verify = (await ctx.app.inject('/verify-signature')).body;
    expect(verify).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a1.js">',
    );
    expect(verify).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/runtime-b2.js">',
    );
    expect(verify).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/verify-c3.js" />',
    );
    const home = (await ctx.app.inject('/')).body;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home-d4.js" />');
    expect(home).not.toContain('fetchpriority');
  });

  test('"No signature ID found" only when the address names nothing to check', async () => {
    expect(await variantOf('/verify-signature')).toBe('out-idle-default');
    expect(await variantOf('/verify-signature/')).toBe('out-idle-default');
    expect(await variantOf('/verify-signature?ref=SIG-20250414-ABCDEF')).toBe('out-target-default');
    expect(await variantOf('/verify-signature?id=42')).toBe('out-target-default');
    // the form sent before the page's script ran
    expect(await variantOf('/verify-signature?reference=SIG-20250414-ABCDEF')).toBe('out-target-default');
    expect(await variantOf('/verify-signature?document=7')).toBe('out-target-default');
    // the page ignores a blank ?ref= (use-url-lookup.ts trims it)
    expect(await variantOf('/verify-signature?ref=%20&id=')).toBe('out-idle-default');
  });

  test('a request with a session cookie gets the variant that waits for the user', async () => {
    expect(await variantOf('/verify-signature', { inkproof_session: 'expired-or-unknown' })).toBe(
      'in-idle-default',
    );
  });

  test("the admin's site name is escaped into every slot; a hostile one stays text", async () => {
    await rename('Acme <img src=x onerror=alert(1)> & "Co" $& $1');
    const body = (await ctx.app.inject('/verify-signature')).body;
    const html = root(body)![2]!;
    const escaped = 'Acme &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot; $&amp; $1';
    expect(html).toContain(`<span>${escaped}</span>`);
    expect(html).toContain(`<footer>© ${new Date().getFullYear()} ${escaped}</footer>`);
    expect(html).toContain('data-variant="out-idle-named"');
    expect(body).not.toContain('<img');
    expect(body).not.toContain(SLOT);
    await rename('Inkproof');
  });

  test('its inline script runs first in the head, allowed by its hash on this page only', async () => {
    const res = await ctx.app.inject('/verify-signature?ref=SIG-20250414-ABCDEF');
    const scripts = inlineScripts(res.body);
    expect(scripts).toEqual([EARLY_ACTIONS_SCRIPT]);
    // before the style sheet, which would hold it (and the parsing after it) until loaded
    expect(res.body).toContain(
      `<head><meta charset="UTF-8" /><script>${EARLY_ACTIONS_SCRIPT}</script><title>`,
    );
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(scriptSrc).toEqual(["'self'", cspHash(EARLY_ACTIONS_SCRIPT)]);
    // the hash is what a browser computes of the text between the tags
    const hash = crypto.createHash('sha256').update(scripts[0]!, 'utf8').digest('base64');
    expect(scriptSrc[1]).toBe(`'sha256-${hash}'`);
    for (const url of ['/', '/about', '/signature']) {
      const page = await ctx.app.inject(url);
      expect(inlineScripts(page.body), url).toEqual([]);
      expect(page.headers['content-security-policy'], url).not.toContain('sha256-');
    }
  });

  test('other pages, and paths under it, keep an empty root', async () => {
    for (const url of ['/', '/about', '/auth', '/signature', '/verify-signaturex']) {
      const body = (await ctx.app.inject(url)).body;
      expect(body, url).toContain('<div id="root"></div>');
      expect(body, url).not.toContain('data-variant');
    }
    const missing = await ctx.app.inject('/verify-signature/extra');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
  });
});
