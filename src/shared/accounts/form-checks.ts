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

/**
 * The sign-in, sign-up and forgot-password forms' rules without zod, which would double the
 * sign-in page's script. The zod schemas in schemas.ts stay what the server
 * checks; form-checks.test.ts holds these to the same verdict and first message per field.
 */

/** zod's `z.string().email()` pattern (zod/v4/core/regexes.ts), compared in the test. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** zod's own message for a CAPTCHA answer over 32 characters (the field has no other limit). */
const CAPTCHA_MAX = 32;
const captchaTooLong = `Too big: expected string to have <=${CAPTCHA_MAX} characters`;

export const isDisposableEmail = (value: string) => {
  const domain = value.split('@').pop()?.toLowerCase() ?? '';
  return DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
};

export type FieldMessages<T> = Partial<Record<keyof T & string, string>>;
export type FormCheck<In, Out> = (
  values: In,
) => { ok: true; data: Out } | { ok: false; errors: FieldMessages<In> };

/** The first rule a value breaks, in the order the schema lists them, or undefined. */
const first = (...rules: [broken: boolean, message: string][]) => rules.find(([broken]) => broken)?.[1];

export const newPasswordMessage = (value: string) =>
  first(
    [value.length < PASSWORD_MIN, m.passwordShort],
    [value.length > PASSWORD_MAX, m.passwordLong],
    [!/[A-Z]/.test(value), m.passwordUpper],
    [!/[a-z]/.test(value), m.passwordLower],
    [!/[0-9]/.test(value), m.passwordDigit],
    [!/[^A-Za-z0-9]/.test(value), m.passwordSpecial],
  );

const captchaMessage = (value: string, required: string) =>
  first([value.length < 1, required], [value.length > CAPTCHA_MAX, captchaTooLong]);

function result<In, Out>(errors: FieldMessages<In>, data: Out) {
  return Object.values(errors).some(Boolean)
    ? ({ ok: false, errors } as const)
    : ({ ok: true, data } as const);
}

export interface LoginFormValues {
  email: string;
  password: string;
  captcha: string;
}

/** loginSchema's rules (the e-mail and the answer are sent trimmed). */
export const checkLogin: FormCheck<LoginFormValues, LoginFormValues> = (values) => {
  const email = values.email.trim();
  const captcha = values.captcha.trim();
  const { password } = values;
  return result<LoginFormValues, LoginFormValues>(
    {
      email: first([!EMAIL_PATTERN.test(email), m.emailInvalid]),
      password: first(
        [password.length < LOGIN_PASSWORD_MIN, m.loginPasswordShort],
        [password.length > PASSWORD_MAX, m.passwordLong],
      ),
      captcha: captchaMessage(captcha, m.captchaRequired),
    },
    { email, password, captcha },
  );
};

export interface RegisterFormValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
  securityQuestion: string;
}

/** registerFormSchema's rules: an empty username is allowed, the others are sent trimmed. */
export const checkRegister: FormCheck<RegisterFormValues, RegisterFormValues> = (values) => {
  const username = values.username === '' ? '' : values.username.trim();
  const email = values.email.trim();
  const securityQuestion = values.securityQuestion.trim();
  const { password, confirmPassword, agreeToTerms } = values;
  return result<RegisterFormValues, RegisterFormValues>(
    {
      username:
        values.username === ''
          ? undefined
          : first(
              [username.length < USERNAME_MIN, m.usernameShort],
              [username.length > USERNAME_MAX, m.usernameLong],
              [!/^[A-Za-z0-9_-]+$/.test(username), m.usernameChars],
            ),
      email: first(
        [!EMAIL_PATTERN.test(email), m.emailInvalid],
        [email.length > EMAIL_MAX, m.emailTooLong],
        [isDisposableEmail(email), m.emailDisposable],
      ),
      password: newPasswordMessage(password),
      agreeToTerms: first([!agreeToTerms, m.termsRequired]),
      securityQuestion: captchaMessage(securityQuestion, m.securityQuestionRequired),
      confirmPassword: first(
        [confirmPassword.length < 1, m.confirmRequired],
        [password !== confirmPassword, m.passwordsMismatch],
      ),
    },
    { username, email, password, confirmPassword, agreeToTerms, securityQuestion },
  );
};

export interface ForgotPasswordFormValues {
  email: string;
  captcha: string;
}

/** forgotPasswordSchema's rules. */
export const checkForgotPassword: FormCheck<ForgotPasswordFormValues, ForgotPasswordFormValues> = (
  values,
) => {
  const email = values.email.trim();
  const captcha = values.captcha.trim();
  return result<ForgotPasswordFormValues, ForgotPasswordFormValues>(
    {
      email: first([email.length < 1, m.emailRequired], [!EMAIL_PATTERN.test(email), m.emailInvalid]),
      captcha: captchaMessage(captcha, m.captchaRequired),
    },
    { email, captcha },
  );
};

export interface ResetPasswordFormValues {
  password: string;
  confirmPassword: string;
}

/** resetPasswordFormSchema's rules. */
export const checkResetPassword: FormCheck<ResetPasswordFormValues, ResetPasswordFormValues> = (values) => {
  const { password, confirmPassword } = values;
  return result<ResetPasswordFormValues, ResetPasswordFormValues>(
    {
      password: newPasswordMessage(password),
      confirmPassword: first(
        [confirmPassword.length < 1, m.confirmRequired],
        [password !== confirmPassword, m.passwordsMismatch],
      ),
    },
    { password, confirmPassword },
  );
};
