import { z } from 'zod';

/**
 * The transparency log's and the instance keys' public answers. Only the server and the web app
 * import these at run time: the verification code beside them (keys.ts, tree-head.ts, the
 * stand-alone verifier) takes just their types, so it stays free of zod.
 */

/**
 * One public key of an instance, as served at KEYS_PATH: a P-256 JWK (ES256, WebCrypto verifies
 * it in every current browser) with its validity. `nbf` and `exp` are seconds since 1970 as in
 * JWT; `exp` appears when the key is retired: seals dated after it are refused.
 */
export const sealJwk = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
  nbf: z.number(),
  exp: z.number().optional(),
  status: z.enum(['active', 'retired']),
});
export type SealJwk = z.infer<typeof sealJwk>;

/** GET KEYS_PATH: every key the instance ever sealed with, retired ones too. */
export const sealKeySet = z.object({ keys: z.array(sealJwk) });
export type SealKeySet = z.infer<typeof sealKeySet>;

/** A signed tree head as GET /api/log/sth serves it. */
export const signedTreeHead = z.object({
  treeSize: z.number(),
  /** Hex SHA-256 root of the first treeSize leaves. */
  rootHash: z.string(),
  /** Milliseconds since 1970, when the instance signed it. */
  timestamp: z.number(),
  /** Hex key id of the instance key that signed (see KEYS_PATH). */
  kid: z.string(),
  /** base64url of the raw ES256 signature (r‖s) of treeHeadMessage. */
  signature: z.string(),
});
export type SignedTreeHead = z.infer<typeof signedTreeHead>;

/** GET /api/log/proof/inclusion: the hex audit path of one leaf up to a tree's root. */
export const inclusionProofAnswer = z.object({
  index: z.number(),
  treeSize: z.number(),
  /** Hex leaf hash: SHA-256(0x00 ‖ UTF-8 of the entry). */
  leafHash: z.string(),
  auditPath: z.array(z.string()),
});
export type InclusionProofAnswer = z.infer<typeof inclusionProofAnswer>;

/** GET /api/log/proof/consistency: the hex proof that the first tree is a prefix of the second. */
export const consistencyProofAnswer = z.object({
  first: z.number(),
  second: z.number(),
  consistency: z.array(z.string()),
});
export type ConsistencyProofAnswer = z.infer<typeof consistencyProofAnswer>;

/** One leaf of the log: its text and hex leaf hash. */
export const logLeaf = z.object({ index: z.number(), entry: z.string(), leafHash: z.string() });
export type LogLeaf = z.infer<typeof logLeaf>;

/** GET /api/log/entries: a page of leaves, [start, end), of a tree of treeSize leaves. */
export const logEntriesAnswer = z.object({
  start: z.number(),
  end: z.number(),
  treeSize: z.number(),
  entries: z.array(logLeaf),
});
export type LogEntriesAnswer = z.infer<typeof logEntriesAnswer>;
