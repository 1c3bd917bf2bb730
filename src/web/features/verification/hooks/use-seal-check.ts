import { useEffect, useState } from 'react';
import type { InclusionCheck } from '#shared/seals/inclusion.ts';
import { sealCheck } from '#web/features/verification/lib/lazy-parts.ts';
import type { SealCheck } from '#web/features/verification/lib/seal-check.ts';

export type SealState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'done'; check: SealCheck; log: InclusionCheck | 'checking' | null };

/** The seal of a link, checked in the browser, then its log entry. */
export function useSealCheck(link: string | null): SealState {
  const [result, setResult] = useState<{ link: string; state: SealState } | null>(null);
  useEffect(() => {
    if (!link) return;
    let live = true;
    const set = (state: SealState) => live && setResult({ link, state });
    void (async () => {
      // The seal and log code loads only for a link that carries a seal.
      const code = await sealCheck.load().catch(() => null);
      const check = code ? await code.checkSealedLink(link).catch(() => null) : null;
      if (!check) return set({ status: 'none' });
      const v = check.verification;
      set({ status: 'done', check, log: v.status === 'proven' ? 'checking' : null });
      if (v.status !== 'proven') return;
      const log = await code!
        .checkSealInLog(check.issuer, v.claims, check.ring)
        .catch(() => ({ status: 'unavailable' }) as const);
      set({ status: 'done', check, log });
    })();
    return () => {
      live = false;
    };
  }, [link]);
  if (!link) return { status: 'none' };
  return result?.link === link ? result.state : { status: 'checking' };
}
