import { z } from 'zod';
import { apiErrorCodes, type ApiErrorCode } from './errors.ts';

/** Every error of the public API. */
export const apiError = z
  .object({
    message: z.string(),
    code: z.enum(Object.keys(apiErrorCodes) as [ApiErrorCode, ...ApiErrorCode[]]),
    scope: z.string().optional().describe('The scope the token lacks (insufficient_scope).'),
    revokedAt: z.string().optional().describe('When the signature was revoked (signature_revoked).'),
    expiresAt: z.string().optional().describe('When the signature expired (signature_expired).'),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

/** `?after=` / `?limit=` of every list. */
export const pageQuery = z.object({
  cursor: z.string().max(200).optional().describe('`nextCursor` of the previous page.'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** A page of a list: `nextCursor` is null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** A numeric id in the path. */
export const idParam = z.object({ id: z.coerce.number().int().positive() });
