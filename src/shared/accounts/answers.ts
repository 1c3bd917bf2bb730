import { z } from 'zod';
import { isoTime, messageAnswer } from '#shared/answers.ts';

/** The current user as the server sends it: never a password hash or a token. */
export const publicUser = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  emailVerified: z.boolean(),
  lastLogin: isoTime.nullable(),
  loginCount: z.number(),
  createdAt: isoTime,
  /** The admins' policy asks this user to set up two-factor sign-in, not done yet. */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const secondFactorMethod = z.enum(['totp', 'recovery', 'passkey']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethod>;

/** POST /api/login (and /api/login-link) for an account with two-factor: no session yet. */
export const twoFactorRequired = z.object({
  twoFactorRequired: z.literal(true),
  methods: z.array(secondFactorMethod),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequired>;

/** POST /api/login and /api/login-link: signed in, or a second step to take. */
export const firstStepAnswer = z.union([twoFactorRequired, publicUser]);

/** POST /api/register's answer, the same for a new and a taken address. */
export const signUpAnswer = messageAnswer;
export type SignUpAnswer = z.infer<typeof signUpAnswer>;

/** GET /api/verify-email: `finishSignUp` when the link starts an e-mail-first sign-up. */
export const verifyEmailAnswer = messageAnswer.extend({ finishSignUp: z.literal(true).optional() });

/** GET /api/verify-reset-token */
export const resetTokenAnswer = z.object({ valid: z.literal(true) });

export const passkeyItem = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

/**
 * WebAuthn options as the server library makes them, handed whole to the browser's WebAuthn
 * call: every field is kept.
 */
export const passkeyOptions = z.looseObject({ challenge: z.string() });

export const twoFactorStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number(),
  passkeys: z.array(passkeyItem),
  /** Required by the admins' policy and not set up yet. */
  setupRequired: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** POST /api/user/2fa/totp/setup */
export const totpSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;

/** New recovery codes, shown once. */
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

export const sessionItem = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: isoTime,
  lastSeenAt: isoTime,
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;

/** POST /api/user/sessions/revoke-others */
export const revokedSessionsAnswer = z.object({ revoked: z.number() });
