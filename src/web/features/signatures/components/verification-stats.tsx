import { ShieldCheck } from 'lucide-react';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { formatDate } from '#web/features/signatures/lib/format-date.ts';
import { mySignaturesText as t } from '#web/features/signatures/messages.ts';

/** How often anyone verified the signature, and when last (counted in batches by the server). */
export function VerificationStats({ signature: s }: { signature: OwnSignature }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-700" />
      {s.lookupCount > 0 ? (
        <span>
          {t.verifiedCount(s.lookupCount)}, {t.lastVerified(formatDate(s.lastVerifiedAt, 'long'))}
        </span>
      ) : (
        <span>{t.neverVerified}</span>
      )}
    </p>
  );
}
