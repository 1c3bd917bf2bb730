import { useEffect, useState } from 'react';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';

/**
 * What the verification page needs only once something is looked up or checked loads then, in
 * parallel with the look-up, so that the page itself is usable sooner on a phone: the
 * reference's schema (with zod), the answer cards, the seal check (with the seal and log code),
 * the document check (with SHA-256) and the image check (with the QR decoder's glue).
 * lib/offline.ts loads them all at idle so that the page keeps working offline.
 */
function part<T>(load: () => Promise<T>) {
  let promise: Promise<T> | null = null;
  let loaded: T | null = null;
  const get = reloadingOnMissingChunk(load);
  return {
    load: () =>
      (promise ??= get().then(
        (module) => (loaded = module),
        (error: unknown) => {
          promise = null;
          throw error;
        },
      )),
    get loaded() {
      return loaded;
    },
  };
}
type Part<T> = ReturnType<typeof part<T>>;

export const signatureSchemas = part(() => import('#shared/signatures/schemas.ts'));
export const resultCards = part(() => import('#web/features/verification/components/result-cards.ts'));
export const sealCheck = part(() => import('#web/features/verification/lib/seal-check.ts'));
export const documentCheck = part(() => import('#web/features/verification/lib/document-check.ts'));
export const imageCheck = part(() => import('#web/features/verification/lib/check-image-file.ts'));
export const cameraView = part(() => import('#web/features/verification/components/camera-view.tsx'));

export const loadAllParts = () =>
  Promise.all(
    [signatureSchemas, resultCards, sealCheck, documentCheck, imageCheck, cameraView].map((p) => p.load()),
  );

/** The part's module once `needed` has been true and it has loaded, else null. */
export function usePart<T>(p: Part<T>, needed: boolean): T | null {
  const [module, setModule] = useState<T | null>(p.loaded);
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    p.load().then(
      (loaded) => live && setModule(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [p, needed, module]);
  return module ?? p.loaded;
}
