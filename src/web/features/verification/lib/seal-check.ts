import { checkInclusion, type InclusionCheck } from '#shared/seals/inclusion.ts';
import { KEYS_PATH, KeyRing, type SealKeySet } from '#shared/seals/keys.ts';
import { readLink } from '#shared/seals/link.ts';
import type { SealClaims } from '#shared/seals/token.ts';
import { verifySeal, type SealVerification } from '#shared/seals/verify.ts';

/** Key sets as last fetched, per issuer: a seal verifies before (and without) any request. */
const STORE = 'inkproof.seal-keys.v1';

interface CachedKeys {
  set: SealKeySet;
  syncedAt: number;
}

function cache(): Record<string, CachedKeys> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORE) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, CachedKeys>) : {};
  } catch {
    return {};
  }
}

function remember(issuer: string, set: SealKeySet, syncedAt: number) {
  try {
    localStorage.setItem(STORE, JSON.stringify({ ...cache(), [issuer]: { set, syncedAt } }));
  } catch {
    // storage full or disabled: the next check fetches again
  }
}

/** Any issuer's public endpoints, straight from the browser (no server of ours in between). */
async function getJson(issuer: string, path: string): Promise<unknown> {
  const res = await fetch(`${issuer}${path}`, { credentials: 'omit', cache: 'no-cache' });
  if (!res.ok) throw new Error(`${res.status}`);
  return res.json();
}

/** Fetches and caches an issuer's key set; null when it cannot be reached. */
async function syncKeys(issuer: string): Promise<CachedKeys | null> {
  try {
    const set = (await getJson(issuer, KEYS_PATH)) as SealKeySet;
    const syncedAt = Date.now();
    remember(issuer, set, syncedAt);
    return { set, syncedAt };
  } catch {
    return null;
  }
}

export interface SealCheck {
  issuer: string;
  /** Another instance than the one serving this page. */
  foreign: boolean;
  verification: SealVerification;
  /** When the keys used were fetched; null when none could be. */
  keysSyncedAt: number | null;
  /** Milliseconds the WebCrypto check took (decode, key import excluded, signature). */
  verifyMs: number;
  ring: KeyRing;
}

/**
 * Verifies the seal in a link's fragment: with the issuer's keys as last synced when they know
 * the seal's key, else after fetching them (a new key, a first visit, another instance). Null
 * for a link without a seal (old links are checked online only). Never throws.
 */
export async function checkSealedLink(link: string): Promise<SealCheck | null> {
  let claims;
  try {
    claims = readLink(link);
  } catch {
    claims = null;
  }
  if (!claims?.token) return null;
  const issuer = claims.issuer;
  const foreign = issuer !== globalThis.location.origin;
  let keys: CachedKeys | null = cache()[issuer] ?? null;
  const run = async (set: SealKeySet | null) => {
    const ring = await KeyRing.from(set);
    const started = performance.now();
    const verification = await verifySeal(claims, ring);
    return { ring, verification, verifyMs: performance.now() - started };
  };
  let result = await run(keys?.set ?? null);
  const stale =
    result.verification.status === 'not-proven' && (result.verification.reason === 'unknown-key' || !keys);
  if (stale) {
    const fresh = await syncKeys(issuer);
    if (fresh) {
      keys = fresh;
      result = await run(fresh.set);
    }
  } else if (!foreign) {
    // Keeps the cached set (and its retired keys) current for the next offline check.
    void syncKeys(issuer);
  }
  return { issuer, foreign, keysSyncedAt: keys?.syncedAt ?? null, ...result };
}

/** The proven item's log leaf against the issuer's current signed tree head. */
export const checkSealInLog = (issuer: string, claims: SealClaims, ring: KeyRing): Promise<InclusionCheck> =>
  checkInclusion(claims, ring, (path) => getJson(issuer, path));
