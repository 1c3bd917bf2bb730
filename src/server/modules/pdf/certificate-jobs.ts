import type { SigningIdentity } from './certificate.ts';
import { identityFromPkcs12, type IdentityResult } from './pkcs12-identity.ts';
import { createSelfSignedIdentity } from './self-signed.ts';

/**
 * Certificate work for the PDF workers: pkijs takes most of a second to load (the workers load it
 * anyway, through @libpdf/core), key derivation is CPU-bound, and a hostile file meets the pool's
 * time and memory limits instead of the event loop.
 */

/** identityFromPkcs12 in a worker; `now` in milliseconds, absent for a file already stored. */
export function openPkcs12(input: { p12: Uint8Array; password: string; now?: number }): IdentityResult {
  try {
    const now = input.now === undefined ? undefined : new Date(input.now);
    return identityFromPkcs12(input.p12, input.password, now);
  } catch {
    return { kind: 'not-pkcs12' };
  }
}

export function createIdentity(input: { commonName: string; now: number }): Promise<SigningIdentity> {
  return createSelfSignedIdentity(input.commonName, new Date(input.now));
}
