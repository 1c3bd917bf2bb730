import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { regexes } from 'zod/v4/core';
import {
  checkForgotPassword,
  checkLogin,
  checkRegister,
  checkResetPassword,
  EMAIL_PATTERN,
  type FieldMessages,
} from './form-checks.ts';
import { forgotPasswordSchema, loginSchema, registerFormSchema, resetPasswordFormSchema } from './schemas.ts';

/** What the form showed with zod: the first issue's message per field, or the parsed values. */
function zodVerdict(schema: z.ZodType, values: object) {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

function ours(verdict: { ok: true; data: object } | { ok: false; errors: FieldMessages<object> }) {
  if (verdict.ok) return verdict;
  const errors = Object.fromEntries(Object.entries(verdict.errors).filter(([, message]) => message));
  return { ok: false, errors };
}

const emails = [
  '',
  '   ',
  'a@b.co',
  '  a@b.co  ',
  'A.B+c@sub.example.org',
  'a..b@example.com',
  '.a@example.com',
  'a.@example.com',
  'a@example',
  'a@-example.com',
  'a@example.c',
  "o'neil@example.com",
  'a b@example.com',
  'a@mailinator.com',
  'a@x.mailinator.com',
  'a@MAILINATOR.COM',
  `${'a'.repeat(95)}@b.co`,
  `${'a'.repeat(96)}@b.co`,
  'ü@example.com',
];
const passwords = [
  '',
  'abc',
  'abcdef',
  'abcdefgh',
  'Abcdefgh',
  'Abcdefg1',
  'Abcdef1!',
  'ABCDEF1!',
  'x'.repeat(101),
  `A1!${'a'.repeat(98)}`,
];
const captchas = ['', '  ', 'ab12', ' ab12 ', 'x'.repeat(32), 'x'.repeat(33), ` ${'x'.repeat(32)} `];
const usernames = [
  '',
  ' ',
  'ab',
  ' abc ',
  'abc',
  'a-b_c',
  'a b c',
  'é'.repeat(4),
  'x'.repeat(50),
  'x'.repeat(51),
];

describe('the auth forms without zod', () => {
  it('uses the pattern of z.string().email()', () => {
    for (const email of [...emails, 'user@[1.2.3.4]', 'a@b.c.d.ee', '"q"@example.com', 'a_b@ex-ample.io'])
      expect(EMAIL_PATTERN.test(email), email).toBe(regexes.email.test(email));
  });

  it('gives loginSchema’s verdict and first message per field', () => {
    let cases = 0;
    for (const email of emails)
      for (const password of passwords)
        for (const captcha of captchas) {
          const values = { email, password, captcha };
          expect(ours(checkLogin(values)), JSON.stringify(values)).toEqual(zodVerdict(loginSchema, values));
          cases++;
        }
    expect(cases).toBeGreaterThan(1000);
  });

  it('gives forgotPasswordSchema’s verdict and first message per field', () => {
    for (const email of emails)
      for (const captcha of captchas) {
        const values = { email, captcha };
        expect(ours(checkForgotPassword(values)), JSON.stringify(values)).toEqual(
          zodVerdict(forgotPasswordSchema, values),
        );
      }
  });

  it('gives registerFormSchema’s verdict and first message per field', () => {
    const confirms = (password: string) => ['', password, `${password}x`];
    let failures = 0;
    for (const username of usernames)
      for (const email of emails)
        for (const password of passwords)
          for (const confirmPassword of confirms(password))
            for (const agreeToTerms of [false, true])
              for (const securityQuestion of captchas.slice(0, 4).concat(captchas[5]!)) {
                const values = { username, email, password, confirmPassword, agreeToTerms, securityQuestion };
                const verdict = ours(checkRegister(values));
                expect(verdict, JSON.stringify(values)).toEqual(zodVerdict(registerFormSchema, values));
                if (!verdict.ok) failures++;
              }
    expect(failures).toBeGreaterThan(1000);
  });

  it('gives resetPasswordFormSchema’s verdict and first message per field', () => {
    for (const password of passwords)
      for (const confirmPassword of ['', password, `${password}x`, ` ${password}`]) {
        const values = { password, confirmPassword };
        expect(ours(checkResetPassword(values)), JSON.stringify(values)).toEqual(
          zodVerdict(resetPasswordFormSchema, values),
        );
      }
  });

  it('accepts a complete sign-up and sends it trimmed', () => {
    const values = {
      username: ' ada_l ',
      email: ' ada@example.com ',
      password: 'Analytic1!',
      confirmPassword: 'Analytic1!',
      agreeToTerms: true,
      securityQuestion: ' k3y ',
    };
    expect(checkRegister(values)).toEqual({
      ok: true,
      data: { ...values, username: 'ada_l', email: 'ada@example.com', securityQuestion: 'k3y' },
    });
  });
});
