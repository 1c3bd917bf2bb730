import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tempDir } from '#server/test/documents.ts';
import { testApp, TEST_ORIGIN, type TestContext } from '#server/test/test-app.ts';
import { DEVELOPERS_CSP, DEVELOPERS_FILES } from './developers-page.ts';

describe('GET /developers', () => {
  let ctx: TestContext;
  let unbuilt: TestContext;
  beforeAll(async () => {
    // A build's layout: dist/web beside dist/developers.
    const dist = tempDir();
    fs.mkdirSync(path.join(dist, 'web'));
    fs.mkdirSync(path.join(dist, 'developers'));
    for (const name of DEVELOPERS_FILES) {
      const text = `/* ${name} */`;
      const file = path.join(dist, 'developers', name);
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    }
    ctx = await testApp({ webRoot: path.join(dist, 'web') });
    unbuilt = await testApp();
  });
  afterAll(async () => {
    await ctx.close();
    await unbuilt.close();
  });

  test('is a page with its own policy: its files from this origin, connections to it only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/developers' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(DEVELOPERS_CSP);
    expect(DEVELOPERS_CSP).toContain("script-src 'self';");
    expect(DEVELOPERS_CSP).toContain("connect-src 'self';");
    expect(res.body).toContain(`curl -H "Authorization: Bearer ink_…" ${TEST_ORIGIN}/api/v1/documents`);
    expect(res.body).toContain('<dt>insufficient_scope</dt>');
    // every script and style is one of the page's files; nothing inline, nothing from elsewhere
    expect(res.body).not.toMatch(/<script>|<style|https?:\/\/(?!inkproof\.test)/);
    for (const name of DEVELOPERS_FILES) expect(res.body).toContain(`/developers/${name}`);
  });

  test('its files are sent compressed when the browser takes it', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/developers/reference.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('/* reference.js */');
    const plain = await ctx.app.inject({ method: 'GET', url: '/developers/developers.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('/* developers.css */');
  });

  test('a browser that holds the file is told it has not changed', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/developers/reference.js' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/developers/reference.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/developers/developers.css',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
  });

  test('without a build it says so', async () => {
    const res = await unbuilt.app.inject({ method: 'GET', url: '/developers' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not built/);
  });
});
