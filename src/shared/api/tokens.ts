import { z } from 'zod';
import { isoTime } from '../answers.ts';
import { singleLineText } from '../text.ts';
import { API_SCOPES, TOKEN_EXPIRY_DAYS } from './scopes.ts';

export const tokenMessages = {
  nameRequired: 'Give the token a name',
  scopesRequired: 'Choose at least one scope',
  notFound: 'Token not found',
  revoked: 'Token revoked',
};

/** Settings > API: a new token. */
export const createTokenSchema = z.object({
  name: singleLineText().min(1, tokenMessages.nameRequired).max(100),
  scopes: z.array(z.enum(API_SCOPES)).min(1, tokenMessages.scopesRequired).max(API_SCOPES.length),
  /** Days until it expires; null never. */
  expiresInDays: z
    .union([
      z.literal(TOKEN_EXPIRY_DAYS[0]),
      z.literal(TOKEN_EXPIRY_DAYS[1]),
      z.literal(TOKEN_EXPIRY_DAYS[2]),
    ])
    .nullable(),
});
export type CreateTokenInput = z.infer<typeof createTokenSchema>;

/** A token as its owner and admins see it: never the secret. */
export const tokenSummary = z.object({
  id: z.number(),
  name: z.string(),
  /** `ink_` and the first characters, to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: isoTime,
  expiresAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: isoTime.nullable(),
});
export type TokenSummary = z.infer<typeof tokenSummary>;

/** The answer to a new token: the only time the secret is shown. */
export const createdToken = tokenSummary.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdToken>;

/** Admin > Users > a user: their tokens. */
export const adminTokenSummary = tokenSummary.extend({ userId: z.number(), userEmail: z.string() });
export type AdminTokenSummary = z.infer<typeof adminTokenSummary>;
