import { expect, test, type Page } from '@playwright/test';
import { accountMenuButton, signOut, submitAdminLogin } from './support.ts';

/** Console errors, page errors and CSP violations of a page, and the API calls it makes. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${req.method()} ${url.pathname}`);
  });
  return { problems, apiCalls };
}

interface Recorded {
  cspViolations: string[];
  pageLoadingShown: boolean;
}

/**
 * Records CSP violations (chromium reports them as issues, not always as console errors) and
 * whether main ever showed the loading state that stands in for a page whose code is missing.
 */
async function record(page: Page) {
  await page.addInitScript(() => {
    const recorded: Recorded = { cspViolations: [], pageLoadingShown: false };
    (window as unknown as { recorded: Recorded }).recorded = recorded;
    document.addEventListener('securitypolicyviolation', (e) =>
      recorded.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
    new MutationObserver(() => {
      if (document.querySelector('main > [role="status"][aria-label]')) recorded.pageLoadingShown = true;
    }).observe(document, { childList: true, subtree: true });
  });
}
const recorded = (page: Page) => page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded);

test('a signed-out visitor of the home page makes no request for the current user and logs no error; logging in, out and in again still works', async ({
  page,
}) => {
  const { problems, apiCalls } = watch(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiCalls).not.toContain('GET /api/user');
  expect(problems).toEqual([]);

  // Signing in on this page load asks the server again (the mark only describes the page load).
  await page.getByRole('link', { name: 'Get Started' }).click();
  await submitAdminLogin(page);
  await page.reload();
  await expect(accountMenuButton(page)).toBeVisible();
  expect(apiCalls).toContain('GET /api/user');

  // Logging out clears the cookie: the next load starts signed out without asking.
  await signOut(page);
  apiCalls.length = 0;
  await page.reload();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiCalls).not.toContain('GET /api/user');

  await page.goto('/auth');
  await submitAdminLogin(page);
  await page.reload();
  await expect(accountMenuButton(page)).toBeVisible();
  await signOut(page);
});

test('a session cookie the server no longer knows still gets the normal answer: signed out', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'inkproof_session', value: 'expired-session', url: baseURL! }]);
  const userAnswer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/user');
  await page.goto('/');
  expect((await userAnswer).status()).toBe(401);
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
});

for (const [path, chunk] of [
  ['/', 'home-page'],
  ['/signature', 'create-signature-page'],
  ['/verify-signature', 'verify-signature-page'],
] as const) {
  test(`${path} preloads its own code with the entry and loads without errors or CSP violations`, async ({
    page,
    request,
  }) => {
    await record(page);
    const { problems } = watch(page);
    const html = await (await request.get(path)).text();
    // The verification page paints from its HTML: its scripts come after it (decision 036).
    const priority = path === '/verify-signature' ? ' fetchpriority="low"' : '';
    expect(html).toMatch(
      new RegExp(`<link rel="modulepreload"${priority} crossorigin href="/assets/${chunk}-[\\w-]+\\.js" />`),
    );

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    const { cspViolations, pageLoadingShown } = await recorded(page);
    expect(cspViolations).toEqual([]);
    // The page's code was there before the first render: no loading state in its place.
    expect(pageLoadingShown).toBe(false);
  });
}

test('the JS and CSS of a page are sent compressed and cached for a year', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(files.length).toBeGreaterThan(2);
  for (const file of files) {
    const res = await request.get(file, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status(), file).toBe(200);
    expect(res.headers()['cache-control'], file).toContain('immutable');
    // Files under 1 KB are not worth compressing (scripts/vite-precompress.ts).
    if ((await res.body()).length >= 1024) expect(res.headers()['content-encoding'], file).toBe('gzip');
  }
});
