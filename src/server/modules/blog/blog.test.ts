import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import sharp from 'sharp';
import { blogMessages as m, slugify } from '#shared/blog/schemas.ts';
import { Agent } from '#server/test/agent.ts';
import { ImageAbortedError, ImageBusyError, imagePool } from '../images/image-pool.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
let admin: Agent;
let user: Agent;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-blog-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<html><head><title>x</title><meta name="description" content="x" /></head><body></body></html>',
  );
  ctx = await testApp({ webRoot });
  const created = await ctx.app.accounts.ensureFirstAdmin('blog-admin@example.com', 'Adm1n!Password');
  expect(created).not.toBeNull();
  admin = new Agent(ctx.app);
  expect((await admin.login('blog-admin@example.com', 'Adm1n!Password')).statusCode).toBe(200);
  user = new Agent(ctx.app);
  user.ip = '198.51.100.9';
  await user.register('blog-reader@example.com');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const post = (extra: Record<string, unknown> = {}) => ({
  title: 'Why QR codes make signatures checkable',
  excerpt: '',
  content: 'First paragraph.\n\nSecond paragraph.',
  category: 'Guides',
  tags: ['qr', 'verification'],
  published: true,
  ...extra,
});

async function multipartImage(agent: Agent, bytes: Buffer, type: string, filename = 'image.png') {
  const boundary = '----inkproof-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/blog/images',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': agent.csrf!,
    },
    payload: body,
  });
}

describe('slugify', () => {
  test('makes lower-case ASCII words joined by hyphens', () => {
    expect(slugify('  Café & Crème: 10 Tips!  ')).toBe('cafe-creme-10-tips');
  });
});

describe('public blog', () => {
  test('lists published posts newest first and hides drafts and future posts', async () => {
    await admin.post(
      '/api/admin/blog',
      post({ title: 'Older post', publishedAt: '2025-01-01T10:00:00.000Z' }),
    );
    await admin.post(
      '/api/admin/blog',
      post({ title: 'Newer post', publishedAt: '2025-03-01T10:00:00.000Z' }),
    );
    await admin.post('/api/admin/blog', post({ title: 'A draft', published: false }));
    await admin.post(
      '/api/admin/blog',
      post({ title: 'Future post', publishedAt: '2999-01-01T00:00:00.000Z' }),
    );
    const list = (await new Agent(ctx.app).get('/api/blog')).json();
    const titles = list.map((p: { title: string }) => p.title);
    expect(titles.indexOf('Newer post')).toBeLessThan(titles.indexOf('Older post'));
    expect(titles).not.toContain('A draft');
    expect(titles).not.toContain('Future post');
  });

  test('a post by slug; absent or unpublished answers 404 JSON', async () => {
    const created = (await admin.post('/api/admin/blog', post({ title: 'Readable post' }))).json();
    const res = await new Agent(ctx.app).get(`/api/blog/${created.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Readable post',
      tags: ['qr', 'verification'],
      authorId: expect.any(Number),
    });
    expect((await new Agent(ctx.app).get('/api/blog/no-such-post')).json().message).toBe(m.notFound);
    const draft = (
      await admin.post('/api/admin/blog', post({ title: 'Hidden draft', published: false }))
    ).json();
    expect((await new Agent(ctx.app).get(`/api/blog/${draft.slug}`)).statusCode).toBe(404);
  });

  test('text is stored exactly as typed', async () => {
    const content = '<script>alert(1)</script>\n<b>bold?</b>';
    const created = (
      await admin.post('/api/admin/blog', post({ title: 'Markup stays text', content }))
    ).json();
    expect((await new Agent(ctx.app).get(`/api/blog/${created.slug}`)).json().content).toBe(content);
  });
});

describe('blog editor API', () => {
  test('answers 401 signed out and 403 to a non-admin', async () => {
    const anon = new Agent(ctx.app);
    expect((await anon.get('/api/admin/blog')).statusCode).toBe(401);
    expect((await user.get('/api/admin/blog')).statusCode).toBe(403);
    expect((await user.post('/api/admin/blog', post())).statusCode).toBe(403);
    expect((await user.request('DELETE', '/api/admin/blog/1')).statusCode).toBe(403);
  });

  test('slugs are made from the title and kept unique; a chosen slug that is taken answers 409', async () => {
    const a = (await admin.post('/api/admin/blog', post({ title: 'Same Title Here' }))).json();
    const b = (await admin.post('/api/admin/blog', post({ title: 'Same Title Here' }))).json();
    expect(a.slug).toBe('same-title-here');
    expect(b.slug).toBe('same-title-here-2');
    const clash = await admin.post('/api/admin/blog', post({ title: 'Other', slug: 'same-title-here' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(m.slugTaken);
  });

  test.each([
    [{ title: 'ab' }, 'The title needs at least 3 characters'],
    [{ content: '' }, 'The content is required'],
    [{ slug: 'Bad Slug' }, 'The slug may contain lower-case letters, digits and single hyphens'],
    [
      { featuredImage: 'https://evil.example/x.png' },
      'Upload the featured image here; links to other sites are not accepted',
    ],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'At most 10 tags'],
  ])('refuses %o', async (patch, message) => {
    const res = await admin.post('/api/admin/blog', post(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  test('edit, unpublish and delete', async () => {
    const created = (await admin.post('/api/admin/blog', post({ title: 'Edit me' }))).json();
    const edited = await admin.put(
      `/api/admin/blog/${created.id}`,
      post({ title: 'Edited', slug: created.slug, published: false }),
    );
    expect(edited.json()).toMatchObject({ title: 'Edited', published: false });
    expect((await new Agent(ctx.app).get(`/api/blog/${created.slug}`)).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/blog/${created.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/blog/${created.id}`)).statusCode).toBe(404);
    expect((await admin.put('/api/admin/blog/999999', post())).statusCode).toBe(404);
  });

  test('featured images: real images are stored and served; other files are refused', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3355ff' } })
      .png()
      .toBuffer();
    const ok = await multipartImage(admin, png, 'image/png');
    expect(ok.statusCode).toBe(201);
    const url = ok.json().url as string;
    expect(url).toMatch(/^\/api\/blog\/images\/\d+$/);
    const img = await ctx.app.inject(url);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(40);

    const fake = await multipartImage(admin, Buffer.from('<html>not an image</html>'), 'image/png');
    expect(fake.statusCode).toBe(400);
    const svg = await multipartImage(
      admin,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
      'x.svg',
    );
    expect(svg.statusCode).toBe(415);
    const big = await multipartImage(admin, Buffer.alloc(2 * 1024 * 1024 + 10, 1), 'image/png');
    expect(big.statusCode).toBe(413);
    const asUser = await multipartImage(user, png, 'image/png');
    expect(asUser.statusCode).toBe(403);
  });

  test('an image the pool could not take, or that waited for a core too long, answers 429 to try again', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const run = vi.spyOn(imagePool(), 'run');
    try {
      for (const refusal of [new ImageBusyError(3), new ImageAbortedError('stalled')]) {
        run.mockRejectedValueOnce(refusal);
        const res = await multipartImage(admin, png, 'image/png');
        expect(res.statusCode).toBe(429);
        expect(res.json().message).toBe(m.imageBusy);
        expect(res.headers['retry-after']).toBe(refusal instanceof ImageBusyError ? '3' : '10');
      }
      // a job over its CPU budget is the image's doing: unreadable, as before
      run.mockRejectedValueOnce(new ImageAbortedError('time'));
      expect((await multipartImage(admin, png, 'image/png')).statusCode).toBe(400);
    } finally {
      run.mockRestore();
    }
  });
});

describe('what crawlers see', () => {
  test('a published post is in the sitemap; the post page carries BlogPosting JSON-LD', async () => {
    const created = (
      await admin.post('/api/admin/blog', post({ title: 'Crawlable post', excerpt: 'A short summary.' }))
    ).json();
    const sitemap = (await ctx.app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain(`/blog/${created.slug}</loc>`);
    const page = await ctx.app.inject(`/blog/${created.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Crawlable post — Inkproof blog</title>');
    expect(page.body).toContain('<meta name="description" content="A short summary." />');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]!);
    expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: 'Crawlable post' });
    expect((await ctx.app.inject('/blog/not-a-post')).statusCode).toBe(404);
  });
});
