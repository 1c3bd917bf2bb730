import { useEffect, useState } from 'react';
import type { InclusionCheck } from '#shared/seals/inclusion.ts';
import { sealCheck } from '#web/features/verification/lib/lazy-parts.ts';
import type { SealCheck } from '#web/features/verification/lib/seal-check.ts';

export type SealState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'done'; check: SealCheck; log: InclusionCheck | 'checking' | null };

/** The seal of a link, checked in the browser (null: no seal, or one that cannot be read). */
async function checkLink(link: string): Promise<SealCheck | null> {
  // The seal and log code loads only for a link that carries a seal.
  const code = await sealCheck.load().catch(() => null);
  return code ? code.checkSealedLink(link).catch(() => null) : null;
}

/** A proven seal's entry in its issuer's transparency log. */
async function checkLog(check: SealCheck): Promise<InclusionCheck> {
  const v = check.verification;
  if (v.status !== 'proven') return { status: 'unavailable' };
  try {
    const code = await sealCheck.load();
    return await code.checkSealInLog(check.issuer, v.claims, check.ring);
  } catch {
    return { status: 'unavailable' };
  }
}

interface Checked {
  link: string;
  check: SealCheck | null;
  log?: InclusionCheck;
}

/**
 * The seal of a link, checked in the browser, then its log entry: again on every visit (an entry
 * pending in the log may be included by the next one), so nothing is kept once the page is left.
 */
export function useSealCheck(link: string | null): SealState {
  const [checked, setChecked] = useState<Checked | null>(null);
  useEffect(() => {
    if (link === null) return;
    let current = true;
    void (async () => {
      const check = await checkLink(link);
      if (!current) return;
      setChecked({ link, check });
      if (check?.verification.status !== 'proven') return;
      const log = await checkLog(check);
      if (current) setChecked({ link, check, log });
    })();
    return () => {
      current = false;
    };
  }, [link]);

  if (!link) return { status: 'none' };
  if (checked?.link !== link) return { status: 'checking' };
  const { check } = checked;
  if (!check) return { status: 'none' };
  const proven = check.verification.status === 'proven';
  return { status: 'done', check, log: proven ? (checked.log ?? 'checking') : null };
}
