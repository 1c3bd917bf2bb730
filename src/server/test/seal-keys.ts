import crypto from 'node:crypto';
import { kidOf, KeyRing, type SealJwk, type SealKeySet } from '#shared/seals/keys.ts';
import type { SealKind } from '#shared/seals/token.ts';
import { verifySealedLink } from '#shared/seals/verify.ts';

/** A throw-away ES256 key, as an instance would publish it, for tests and the benchmark. */
export async function testKey(validity: { nbf?: number; exp?: number } = {}) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pub = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string; y: string };
  const jwk: SealJwk = {
    kty: 'EC',
    crv: 'P-256',
    x: pub.x,
    y: pub.y,
    kid: await kidOf(pub),
    alg: 'ES256',
    use: 'sig',
    nbf: validity.nbf ?? 0,
    ...(validity.exp !== undefined ? { exp: validity.exp } : {}),
    status: validity.exp !== undefined ? 'retired' : 'active',
  };
  return {
    jwk,
    privateKey,
    sign: (message: Uint8Array) =>
      crypto.sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' }),
    ring: () => KeyRing.from([jwk]),
  };
}

/** Verifies a link's seal with an app's published key set, as a browser would offline. */
export async function verifyWithInstance(
  app: { seals: { keys: { keySet: () => Promise<SealKeySet> } } },
  link: string,
  expect?: SealKind,
) {
  return verifySealedLink(link, await KeyRing.from(await app.seals.keys.keySet()), expect ? { expect } : {});
}
