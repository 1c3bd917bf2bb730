import { identityFromPkcs12, type IdentityResult } from './pkcs12-identity.ts';

/**
 * identityFromPkcs12 as a PDF worker job: the workers load pkijs anyway (through @libpdf/core),
 * key derivation is CPU-bound, and a hostile file meets the pool's time and memory limits
 * instead of the event loop. `now` in milliseconds, absent for a file already stored.
 */
export function openPkcs12(input: { p12: Uint8Array; password: string; now?: number }): IdentityResult {
  try {
    const now = input.now === undefined ? undefined : new Date(input.now);
    return identityFromPkcs12(input.p12, input.password, now);
  } catch {
    return { kind: 'not-pkcs12' };
  }
}
