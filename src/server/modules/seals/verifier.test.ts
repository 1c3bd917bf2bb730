import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KEYS_PATH } from '#shared/seals/keys.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { sealApiMessages as m } from './messages.ts';
import { jsonForScript, verifierTemplateOf } from './verifier-page.ts';

let dist: string;
let ctx: TestContext;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-verifier-'));
  const webRoot = path.join(dist, 'web');
  fs.mkdirSync(webRoot);
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app</title>');
  execFileSync(process.execPath, ['scripts/build-verifier.mjs', '--out', verifierTemplateOf(webRoot)], {
    stdio: 'pipe',
  });
  ctx = await testApp({ webRoot });
});

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const embeddedOf = (html: string) => {
  const json = /<script type="application\/json" id="inkproof-keys">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json!) as { issuer: string; keySet: unknown };
};
const hashOf = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

describe('GET /verifier.html', () => {
  test('answers one HTML file with the instance’s key set in it, equal to keys.json', async () => {
    const res = await ctx.app.inject('/verifier.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('inline; filename="inkproof-verifier.html"');
    const keys = await ctx.app.inject(KEYS_PATH);
    expect(embeddedOf(res.body)).toEqual({ issuer: 'http://inkproof.test', keySet: keys.json() });
    expect(keys.json().keys.length).toBeGreaterThan(0);
  });

  test('makes no request of its own: no src, href or url() to anywhere, one inline script and style', async () => {
    const html = (await ctx.app.inject('/verifier.html')).body;
    expect(html).not.toMatch(/\b(src|href|action|srcset)\s*=\s*["']/i);
    expect(html).not.toMatch(/<(link|img|iframe|object|embed)\b/i);
    expect(/<style>([\s\S]*?)<\/style>/.exec(html)![1]).not.toMatch(/url\(|@import|@font-face/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.match(/<style>/g)).toHaveLength(1);
  });

  test('has a strict CSP allowing exactly its inline script and style by hash', async () => {
    const res = await ctx.app.inject('/verifier.html');
    const csp = String(res.headers['content-security-policy']);
    const script = /<script>([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    expect(csp).toContain(`script-src ${hashOf(script)}`);
    expect(csp).toContain(`style-src ${hashOf(style)}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // the same policy travels inside the file, for when it is opened from disk
    expect(res.body).toContain(`script-src ${hashOf(script)}`);
  });

  test('is under 300 KB gzip, and sent gzipped to a browser that asks', async () => {
    const res = await ctx.app.inject({ url: '/verifier.html', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(300 * 1024);
    expect(zlib.gunzipSync(res.rawPayload).toString('utf8')).toBe(
      (await ctx.app.inject('/verifier.html')).body,
    );
  });

  test('after a key rotation it carries the new key and the retired one', async () => {
    const before = embeddedOf((await ctx.app.inject('/verifier.html')).body).keySet as {
      keys: { kid: string }[];
    };
    const rotated = await ctx.app.seals.keys.rotate();
    const after = embeddedOf((await ctx.app.inject('/verifier.html')).body).keySet as {
      keys: { kid: string; status: string }[];
    };
    expect(after.keys.map((k) => k.kid)).toEqual([...before.keys.map((k) => k.kid), rotated.active]);
    expect(after.keys.find((k) => k.kid === rotated.retired)?.status).toBe('retired');
    expect(after).toEqual((await ctx.app.inject(KEYS_PATH)).json());
  });

  test('the template itself is never served as a file', async () => {
    for (const url of [
      '/verifier/verifier.html',
      '/../verifier/verifier.html',
      '/%2E%2E/verifier/verifier.html',
    ])
      expect((await ctx.app.inject(url)).body).not.toContain('__KEYS__');
  });

  test('a server without the built verifier answers 404 with a message', async () => {
    const bare = await testApp();
    try {
      const res = await bare.app.inject('/verifier.html');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: m.verifierNotBuilt });
    } finally {
      await bare.close();
    }
  });
});

test('key set JSON cannot end its script block or open markup', () => {
  const text = jsonForScript({ issuer: '</script><script>alert(1)</script>&\u2028' });
  expect(text).not.toMatch(/[<>&\u2028]/);
  expect(JSON.parse(text)).toEqual({ issuer: '</script><script>alert(1)</script>&\u2028' });
});
