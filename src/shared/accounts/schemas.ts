import { z } from 'zod';
import { singleLineText } from '#shared/text.ts';
import {
  DISPOSABLE_EMAIL_DOMAINS,
  EMAIL_MAX,
  LOGIN_PASSWORD_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../constants.ts';
import { accountMessages as m } from './messages.ts';

const email = z.string().trim().email(m.emailInvalid);

export const isDisposableEmail = (value: string) => {
  const domain = value.split('@').pop()?.toLowerCase() ?? '';
  return DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
};

/** New-password rules shared by register, reset and change. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, m.passwordShort)
  .max(PASSWORD_MAX, m.passwordLong)
  .regex(/[A-Z]/, m.passwordUpper)
  .regex(/[a-z]/, m.passwordLower)
  .regex(/[0-9]/, m.passwordDigit)
  .regex(/[^A-Za-z0-9]/, m.passwordSpecial);

export const loginSchema = z.object({
  email,
  password: z.string().min(LOGIN_PASSWORD_MIN, m.loginPasswordShort).max(PASSWORD_MAX, m.passwordLong),
  captcha: z.string().trim().min(1, m.captchaRequired).max(32),
  /** The token of an e-mail-first sign-up's link: the first sign-in with it creates the account. */
  signUpToken: z.string().max(100).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, m.usernameShort)
  .max(USERNAME_MAX, m.usernameLong)
  .regex(/^[A-Za-z0-9_-]+$/, m.usernameChars);

/** What the browser sends to POST /api/register (confirmPassword removed, empty username omitted). */
export const registerRequestSchema = z.object({
  username: usernameSchema.nullish(),
  email: email.max(EMAIL_MAX, m.emailTooLong).refine((v) => !isDisposableEmail(v), m.emailDisposable),
  password: newPasswordSchema,
  agreeToTerms: z.literal(true, { error: m.termsRequired }),
  securityQuestion: z.string().trim().min(1, m.securityQuestionRequired).max(32),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The registration form: the request plus the confirmation field, and an empty username allowed. */
export const registerFormSchema = registerRequestSchema
  .extend({
    username: z.union([z.literal(''), usernameSchema]).optional(),
    agreeToTerms: z.boolean().refine((v) => v, m.termsRequired),
    confirmPassword: z.string().min(1, m.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, m.emailRequired).pipe(email),
  captcha: z.string().trim().min(1, m.captchaRequired).max(32),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const tokenQuerySchema = z.object({
  token: z.string().min(1).max(200),
  email: z.string().trim().max(EMAIL_MAX).email(m.emailInvalid),
});

/** POST /api/login-link: the one-time sign-in link's token and address (decision 018). */
export const loginLinkSchema = tokenQuerySchema;
export type LoginLinkRequest = z.infer<typeof loginLinkSchema>;

export const resetPasswordRequestSchema = tokenQuerySchema.extend({ password: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, m.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, m.currentPasswordRequired).max(PASSWORD_MAX, m.passwordLong),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string().min(1, m.confirmRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: m.passwordsMismatchSettings,
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

export const profileSchema = z.object({
  name: singleLineText()
    .max(USERNAME_MAX, m.usernameLong)
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  email: email.max(EMAIL_MAX, m.emailTooLong),
});

export type { PublicUser, SignUpAnswer } from './answers.ts';
