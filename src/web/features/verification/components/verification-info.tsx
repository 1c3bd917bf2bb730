import { ShieldCheck } from 'lucide-react';
import { verifyText as t } from '#web/features/verification/messages.ts';

export function VerificationInfo() {
  return (
    <aside
      aria-labelledby="verification-info-title"
      className="rounded-2xl border border-ink-200 bg-ink-50 p-6"
    >
      <h2 id="verification-info-title" className="flex items-center gap-2 font-semibold text-ink-950">
        <ShieldCheck aria-hidden="true" className="size-5 text-ink-700" />
        {t.infoTitle}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink-950">
        {t.infoPoints.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink-950">
        {t.offlineVerifierText}{' '}
        <a
          href="/verifier.html"
          download="inkproof-verifier.html"
          className="font-semibold text-ink-950 underline underline-offset-2"
        >
          {t.offlineVerifierLink}
        </a>
      </p>
    </aside>
  );
}
