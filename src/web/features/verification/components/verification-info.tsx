import { createLucideIcon } from 'lucide-react';
import { verifyText as t } from '#web/features/verification/messages.ts';

// lucide's shield-check, drawn from here: imported, it comes in the icon chunk the home page and
// others share, ten icons (1.3 KB gzip, one more file) for this one (decision 036).
const ShieldCheck = createLucideIcon('shield-check', [
  [
    'path',
    {
      d: 'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
      key: 'oel41y',
    },
  ],
  ['path', { d: 'm9 12 2 2 4-4', key: 'dzmm74' }],
]);

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
