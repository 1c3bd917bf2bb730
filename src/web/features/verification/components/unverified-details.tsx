import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { ClaimedDetails } from '#web/features/verification/lib/lookup-types.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

/** Details that came only with the link, shown after a failed look-up under a plain warning. */
export function UnverifiedDetails({ claimed }: { claimed: ClaimedDetails }) {
  const rows = [
    { label: t.urlNameLabel, value: claimed.name },
    { label: t.urlTimestampLabel, value: claimed.timestamp },
    { label: t.urlAdditionalLabel, value: claimed.additional },
  ].filter((row) => row.value);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold text-amber-950">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        {t.urlDataTitle}
      </h3>
      <p className="mt-1 text-sm text-amber-950">{m.unverifiedUrlData}</p>
      <dl className="mt-3 grid gap-2 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-0.5 sm:grid-cols-[9rem_1fr]">
            <dt className="text-amber-900">{row.label}</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
