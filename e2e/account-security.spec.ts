import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { securityMessages as sm } from '../src/shared/accounts/security-messages.ts';
import { stepAt, totpCode } from '../src/server/modules/accounts/totp.ts';
import { authText } from '../src/web/features/auth/messages.ts';
import { securityText } from '../src/web/features/settings/security-text.ts';
import {
  accountMenuButton,
  E2E_ADMIN,
  E2E_CAPTCHA,
  fillSecurityCode,
  expectNoAxeViolations,
  logInAsAdmin,
  signOut,
  signUpViaApi,
} from './support.ts';

/** Two-factor sign-in with an authenticator app and with passkeys, as a person uses them. */
const PASSWORD = 'Str0ng!Pass';

async function fillLogin(page: Page, email: string) {
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await fillSecurityCode(form);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Signed in by the last step: the account menu is there and the page is the user's own area. */
async function expectSignedIn(page: Page, landing = '/dashboard') {
  await expect(accountMenuButton(page)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === landing);
}

/** A code the server has not accepted yet: the next step's (within the ±1 window). */
const freshCode = (secret: string) => totpCode(secret, stepAt(Date.now()) + 1);

test('set up the authenticator app, sign out, sign in with a code from it', async ({ page }) => {
  const { email } = await signUpViaApi(page.request);
  await page.goto('/settings?tab=security');
  await page.getByRole('button', { name: securityText.setUp }).click();
  await expect(page.getByRole('img', { name: securityText.qrLabel })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);

  await page.getByLabel(securityText.codeLabel).fill(totpCode(secret, stepAt(Date.now())));
  await page.getByRole('button', { name: securityText.confirm }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: securityText.download }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('inkproof-recovery-codes.txt');
  const text = fs.readFileSync((await file.path())!, 'utf8');
  expect(text).toContain((await codes.first().textContent())!);
  await page.getByRole('button', { name: securityText.savedThem }).click();
  await expect(page.getByTestId('totp-status')).toHaveText(securityText.twoFactorOn);
  await expectNoAxeViolations(page);

  await signOut(page);
  await page.goto('/auth');
  await fillLogin(page, email);
  await expect(page.getByRole('heading', { name: authText.secondStepTitle })).toBeFocused();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await expectNoAxeViolations(page);
  await page.getByLabel(authText.codeLabel).fill('000000');
  await page.getByRole('button', { name: authText.verifySubmit }).click();
  await expect(page.getByRole('alert').filter({ hasText: sm.codeWrong })).toBeVisible();
  await page.getByLabel(authText.codeLabel).fill(freshCode(secret));
  await page.getByRole('button', { name: authText.verifySubmit }).click();
  await expectSignedIn(page);
  expect((await (await page.request.get('/api/user')).json()).email).toBe(email);

  // the recovery-code path, keyboard only, back where a protected page sent the user
  await signOut(page);
  await page.goto('/my-signatures');
  await expect(page).toHaveURL(/\/auth\?.*redirect=/);
  await fillLogin(page, email);
  await page.getByRole('button', { name: authText.useRecovery }).press('Enter');
  await page.getByLabel(authText.recoveryLabel).fill(text.trim().split('\n').pop()!);
  await page.getByLabel(authText.recoveryLabel).press('Enter');
  await expectSignedIn(page, '/my-signatures');
});

/** WebAuthn needs a domain: the app is reached (and its public URL set) as localhost here. */
async function asLocalhost(browser: Browser, fn: (page: Page, base: string) => Promise<void>) {
  const base = process.env.E2E_BASE_URL!.replace('127.0.0.1', 'localhost');
  const admin = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = async () =>
    (await admin.request.get('/api/captcha?purpose=login')).headers()['x-csrf-token']!;
  const login = await admin.request.post('/api/login', {
    headers: { 'x-csrf-token': await token() },
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, captcha: E2E_CAPTCHA },
  });
  expect(login.status()).toBe(200);
  const csrf = login.headers()['x-csrf-token']!;
  const site = await (await admin.request.get('/api/admin/settings')).json();
  const put = (publicUrl: string) =>
    admin.request.put('/api/admin/settings', {
      headers: { 'x-csrf-token': csrf },
      data: { ...site, analyticsScriptUrl: site.analyticsScriptUrl ?? '', publicUrl },
    });
  const changed = await put(base);
  expect(changed.status(), await changed.text()).toBe(200);
  const context = await browser.newContext({ baseURL: base });
  try {
    await fn(await context.newPage(), base);
  } finally {
    await put(site.publicUrl);
    await context.close();
    await admin.close();
  }
}

test('register a passkey with a virtual authenticator, then sign in with it', async ({ browser }) => {
  await asLocalhost(browser, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const { email } = await signUpViaApi(page.request);
    await page.goto('/settings?tab=security');
    await page.getByLabel(securityText.passkeyName).fill('Test key');
    await page.getByRole('button', { name: securityText.addPasskey }).click();
    await expect(
      page.getByRole('status').filter({ hasText: securityText.passkeyAdded('Test key') }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: securityText.removeLabel('Test key') })).toBeVisible();
    await expect(page.getByTestId('session')).toHaveCount(1);
    await expectNoAxeViolations(page);

    // without a password: "Sign in with a passkey"
    await signOut(page);
    await page.goto('/auth');
    await page.getByRole('button', { name: authText.passkeySignIn }).click();
    await expectSignedIn(page);
    expect((await (await page.request.get('/api/user')).json()).email).toBe(email);

    // as the second step after the password
    await signOut(page);
    await page.goto('/auth');
    await fillLogin(page, email);
    await expect(page.getByRole('heading', { name: authText.secondStepTitle })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: authText.usePasskey }).click();
    await expectSignedIn(page);

    await page.goto('/settings?tab=security');
    await expect(page.getByText(securityText.lastUsed)).toBeVisible();
  });
});

test('an admin without two-factor sees the banner; the policy is in the security settings', async ({
  page,
}) => {
  await logInAsAdmin(page);
  const banner = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(banner).toContainText(sm.twoFactorRequiredBanner);
  await page.goto('/admin/security-settings');
  await expect(page.getByLabel('Require two-factor sign-in for admins')).toBeChecked();
  await expect(page.getByLabel('Require two-factor sign-in for all users')).not.toBeChecked();
  await expectNoAxeViolations(page);
  await banner.getByRole('link', { name: 'Set it up now' }).click();
  await expect(page.getByRole('button', { name: securityText.setUp })).toBeVisible();
});
