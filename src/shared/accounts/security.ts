import { z } from 'zod';
import { singleLineText } from '#shared/text.ts';
import { EMAIL_MAX, PASSWORD_MAX } from '../constants.ts';
import { accountMessages as am } from './messages.ts';
import { securityMessages as m } from './security-messages.ts';

/** Spaces and dashes are what people type between digit groups: accepted and dropped. */
const squash = (v: string) => v.replace(/[\s-]/g, '');

export const totpCodeSchema = z
  .string()
  .max(20, m.codeFormat)
  .transform(squash)
  .pipe(z.string().regex(/^\d{6}$/, m.codeFormat));

export const recoveryCodeSchema = z
  .string()
  .max(40, m.recoveryFormat)
  .transform((v) => squash(v).toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, m.recoveryFormat));

export const totpConfirmSchema = z.object({ code: totpCodeSchema });

export const totpDisableSchema = z.object({
  password: z.string().min(1, m.passwordRequired).max(PASSWORD_MAX),
  code: totpCodeSchema,
});

/** POST /api/login/2fa: one of the two. */
export const secondStepSchema = z
  .object({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: m.codeOrRecoveryRequired,
  });
export type SecondStepInput = z.input<typeof secondStepSchema>;

export const passwordConfirmSchema = z.object({
  password: z.string().min(1, m.passwordRequired).max(PASSWORD_MAX),
});

export const passkeyNameSchema = singleLineText().min(1, m.passkeyNameRequired).max(60, m.passkeyNameLong);

/** A WebAuthn response as @simplewebauthn/browser produces it; the library checks the rest. */
const credentialJson = z
  .object({
    id: z.string().min(1).max(1500),
    rawId: z.string().min(1).max(1500),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .passthrough();

export const passkeyRegisterSchema = z.object({ name: passkeyNameSchema, credential: credentialJson });
export const passkeyAuthSchema = z.object({ credential: credentialJson });
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });

export const emailChangeSchema = z
  .object({
    email: z.string().trim().email(am.emailInvalid).max(EMAIL_MAX, am.emailTooLong),
    password: z.string().max(PASSWORD_MAX).optional(),
    /** A passkey assertion instead of the password (from /api/user/passkeys/confirm-options). */
    credential: credentialJson.optional(),
  })
  .refine((v) => !!v.password || !!v.credential, { message: m.emailChangeAuthRequired, path: ['password'] });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

export const emailChangeConfirmSchema = z.object({ token: z.string().min(1).max(200) });

export const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
});
export const sessionIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, m.sessionNotFound) });

export type {
  PasskeyItem,
  SecondFactorMethod,
  SessionItem,
  TotpSetup,
  TwoFactorRequired,
  TwoFactorStatus,
} from './answers.ts';
