import { useQuery } from '@tanstack/react-query';
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

/**
 * The seal of a link, checked in the browser, then its log entry: again on every visit (an entry
 * pending in the log may be included by the next one), so nothing is kept once the page is left.
 */
export function useSealCheck(link: string | null): SealState {
  const seal = useQuery({
    queryKey: ['seal-check', link],
    queryFn: () => checkLink(link!),
    enabled: link !== null,
    gcTime: 0,
  });
  const check = seal.data ?? null;
  const proven = check?.verification.status === 'proven';
  const log = useQuery({
    queryKey: ['seal-log', link],
    queryFn: () => checkLog(check!),
    enabled: proven,
    gcTime: 0,
  });
  if (!link) return { status: 'none' };
  if (seal.isPending) return { status: 'checking' };
  if (!check) return { status: 'none' };
  return { status: 'done', check, log: proven ? (log.data ?? 'checking') : null };
}
