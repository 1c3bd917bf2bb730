import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { blogMessages, type BlogPost } from '../src/shared/blog/schemas.ts';
import { toInput } from '../src/web/features/blog/admin/lib/post-input.ts';
import { blogAdminText, blogText } from '../src/web/features/blog/messages.ts';
import {
  E2E_ADMIN,
  E2E_CAPTCHA,
  expectNoAxeViolations,
  logInAsAdmin,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

const ed = blogAdminText.editor;
const LONG_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/;

/** A session of its own (cookies + CSRF token) on a request context; `login` signs it in. */
async function apiSession(request: APIRequestContext) {
  await request.get('/api/captcha?purpose=login');
  let token = (await request.get('/api/csrf')).headers()['x-csrf-token']!;
  const send = async (method: 'post' | 'put' | 'delete', url: string, data?: unknown) => {
    const res = await request[method](url, { headers: { 'x-csrf-token': token }, data });
    token = res.headers()['x-csrf-token'] ?? token;
    return res;
  };
  return { send };
}

async function adminApi(request: APIRequestContext) {
  const { send } = await apiSession(request);
  expect((await send('post', '/api/login', { ...E2E_ADMIN, captcha: E2E_CAPTCHA })).status()).toBe(200);
  return send;
}

const coverPng = () =>
  sharp({ create: { width: 1200, height: 630, channels: 3, background: '#4338ca' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="630"><circle cx="600" cy="315" r="180" fill="#fff"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

test('with no published posts the blog says so', async ({ page }) => {
  const send = await adminApi(page.request);
  const published = (await (await page.request.get('/api/blog')).json()) as BlogPost[];
  for (const post of published) {
    const res = await send('put', `/api/admin/blog/${post.id}`, { ...toInput(post), published: false });
    expect(res.status()).toBe(200);
  }
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: blogText.list.emptyTitle })).toBeVisible();
  await expect(page.getByText(blogText.list.emptyText)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an admin writes a post with an uploaded image, publishes it, and it shows on /blog and /blog/{slug}', async ({
  page,
}) => {
  await logInAsAdmin(page);
  const title = `How QR verification works ${Date.now()}`;
  await page.goto('/blog');
  await page.getByRole('link', { name: blogText.list.createNew }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await page.getByLabel(ed.title, { exact: true }).fill(title);
  await expect(page.getByLabel(ed.slug, { exact: true })).toHaveValue(/^how-qr-verification-works-\d+$/);
  await page.getByLabel(ed.excerpt, { exact: true }).fill('What happens when someone scans your QR code.');
  await page
    .getByLabel(ed.content, { exact: true })
    .fill('Every signature carries a QR code.\n\nIt opens the verification page.\nAnyone can check it.');
  await page.getByLabel(ed.category, { exact: true }).fill('Guides');
  await page.getByLabel(ed.tags, { exact: true }).fill('qr');
  await page.getByLabel(ed.tags, { exact: true }).press('Enter');
  await page.getByLabel(ed.tags, { exact: true }).fill('verification,');
  await expect(page.getByRole('button', { name: ed.removeTag('verification') })).toBeVisible();

  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/blog/images'));
  await page
    .getByLabel(ed.uploadImage)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
  expect((await uploaded).status()).toBe(201);
  await expect(page.getByRole('img', { name: ed.imageAlt })).toBeVisible();
  await page.getByRole('switch', { name: ed.published }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: ed.create }).click();

  await expect(page).toHaveURL(/\/admin\/blog$/);
  const row = page.getByTestId('admin-post-row').filter({ hasText: title });
  await expect(row.getByText(blogAdminText.list.published, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('banner').getByRole('link', { name: 'Blog' }).click();
  const card = page.getByTestId('post-card').filter({ hasText: title });
  await expect(card.getByTestId('post-category')).toHaveText('Guides');
  await expect(card.locator('time')).toHaveText(LONG_DATE);
  await expect(card.getByText('What happens when someone scans your QR code.')).toBeVisible();
  await expect(card.getByRole('list', { name: blogText.list.tagsLabel }).getByRole('listitem')).toHaveText([
    'qr',
    'verification',
  ]);
  await expect(card.getByRole('link', { name: `${blogText.list.edit}: ${title}` })).toBeVisible();
  await card.getByRole('link', { name: `${blogText.list.readMore}: ${title}` }).click();

  await expect(page).toHaveURL(/\/blog\/how-qr-verification-works-\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(blogText.meta.postTitle(title));
  await expect(page.getByRole('navigation', { name: blogText.breadcrumb.label })).toContainText(title);
  await expect(page.getByTestId('post-author')).toContainText(blogText.post.author);
  const body = page.getByTestId('post-body');
  await expect(body.locator('p')).toHaveText([
    'Every signature carries a QR code.',
    'It opens the verification page.',
    'Anyone can check it.',
  ]);
  await expect(body.locator('br')).toHaveCount(1);
  const image = page.locator('article img');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const imageRes = await page.request.get((await image.getAttribute('src'))!);
  expect(imageRes.headers()['content-type']).toMatch(/^image\//);
  await expectNoAxeViolations(page);

  // the spec's /blog/edit/{id} link opens the same editor, filled in
  await page.getByRole('link', { name: blogText.post.editPost }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/edit\/\d+$/);
  await expect(page.getByLabel(ed.title, { exact: true })).toHaveValue(title);
});

test('the editor shows the server’s answers on the fields: a taken slug, an unreadable or wrong image', async ({
  page,
}) => {
  const send = await adminApi(page.request);
  const taken = `taken-${Date.now()}`;
  expect(
    (await send('post', '/api/admin/blog', { title: 'Slug owner', slug: taken, content: 'x' })).status(),
  ).toBe(201);

  await page.goto('/admin/blog/new');
  await page.getByLabel(ed.title, { exact: true }).fill('Wants the same slug');
  await page.getByLabel(ed.slug, { exact: true }).fill(taken);
  await page.getByLabel(ed.content, { exact: true }).fill('Body');
  await page.getByRole('button', { name: ed.create }).click();
  await expect(page.getByText(blogMessages.slugTaken)).toBeVisible();
  await expect(page.getByLabel(ed.slug, { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(ed.slug, { exact: true }).fill('new');
  await page.getByRole('button', { name: ed.create }).click();
  await expect(page.getByText(blogMessages.slugReserved)).toBeVisible();

  const picker = page.getByLabel(ed.uploadImage);
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(blogMessages.imageType)).toBeVisible();
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/admin/blog/images'));
  await picker.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a png'),
  });
  expect((await refused).status()).toBeGreaterThanOrEqual(400);
  await expect(page.getByText(blogMessages.imageUnreadable)).toBeVisible();
});

test('an admin unpublishes and deletes a post from the list', async ({ page }) => {
  const send = await adminApi(page.request);
  const title = `Short-lived ${Date.now()}`;
  const created = await send('post', '/api/admin/blog', { title, content: 'Soon gone.', published: true });
  const post = (await created.json()) as BlogPost;

  await page.goto('/admin/blog');
  await page.getByLabel(blogAdminText.list.searchLabel).fill(title);
  const row = page.getByTestId('admin-post-row').filter({ hasText: title });
  await expect(page.getByTestId('admin-post-row')).toHaveCount(1);
  await row.getByRole('button', { name: `${blogAdminText.list.unpublish}: ${title}` }).click();
  await expect(row.getByText(blogAdminText.list.draft, { exact: true })).toBeVisible();

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: blogText.post.errorTitle })).toBeVisible();
  await expect(page.getByText(blogText.post.errorText)).toBeVisible();

  await page.goto('/admin/blog');
  await page.getByLabel(blogAdminText.list.searchLabel).fill(title);
  await page.getByRole('button', { name: `${blogAdminText.list.delete}: ${title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: blogAdminText.remove.title });
  await expect(dialog).toContainText(title);
  await expectNoAxeViolations(page, '[role="alertdialog"]');
  await dialog.getByRole('button', { name: blogAdminText.remove.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(blogAdminText.list.noMatch(title))).toBeVisible();
  expect((await page.request.get(`/api/admin/blog/${post.id}`)).status()).toBe(404);
});

test('post text is shown as typed and never run: a <script> stays text', async ({ page, playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const send = await adminApi(admin);
  const payload = '<script>window.__xss=1</script>';
  const res = await send('post', '/api/admin/blog', {
    title: `Escaping ${payload}`,
    content: `Before ${payload} after\n<img src=x onerror="window.__xss=2">`,
    tags: [payload.slice(0, 30)],
    published: true,
  });
  const post = (await res.json()) as BlogPost;
  await admin.dispose();

  await page.goto('/blog');
  const card = page.getByTestId('post-card').filter({ hasText: `Escaping ${payload}` });
  await expect(card.getByRole('heading', { name: `Escaping ${payload}` })).toBeVisible();
  await card.getByRole('link', { name: /Read More/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Escaping ${payload}` })).toBeVisible();
  await expect(page.getByTestId('post-body')).toContainText(`Before ${payload} after`);
  await expect(page.getByTestId('post-body')).toContainText('<img src=x onerror="window.__xss=2">');
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('main script, main img[src="x"]')).toHaveCount(0);
  expect(post.slug).toMatch(/^escaping-script-window-xss-1-script/);
});

test('a signed-in user who is not an admin sees no editor and is sent away from it', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const send = await adminApi(admin);
  const post = (await (
    await send('post', '/api/admin/blog', {
      title: `For readers ${Date.now()}`,
      content: 'Hi.',
      published: true,
    })
  ).json()) as BlogPost;
  await admin.dispose();

  const email = uniqueEmail('reader');
  await signUpViaApi(page.request, { email });

  await page.goto('/blog');
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  await expect(page.getByRole('link', { name: blogText.list.createNew })).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(`^${blogText.list.edit}:`) })).toHaveCount(0);
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByRole('link', { name: blogText.post.editPost })).toHaveCount(0);
  expect((await page.request.get('/api/admin/blog')).status()).toBe(403);

  for (const path of ['/admin/blog', '/blog/new', `/blog/edit/${post.id}`, '/admin/blog/new']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a failed list load shows the spec’s error', async ({ page }) => {
  // the only way to make the real server fail this read is to cut the connection
  await page.route('**/api/blog', (route) => route.abort('connectionfailed'));
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: blogText.list.errorTitle })).toBeVisible();
  await expect(page.getByText(blogText.list.errorText)).toBeVisible();
});
