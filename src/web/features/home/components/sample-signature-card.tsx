import { BadgeCheck } from 'lucide-react';
import { generateReference } from '#shared/signatures/reference.ts';
import { PseudoQr } from '#web/features/home/components/pseudo-qr.tsx';
import { homeText } from '#web/features/home/messages.ts';

const t = homeText.sample;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// "June 5, 2025" by hand: the first Intl.DateTimeFormat of a page costs about 40 ms of main thread
// (locale and time zone data), a long task on a phone right while the home page first renders.
const longDate = (day: Date) => `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;

/** A sample dated today, with a reference made the way the creator makes them (SIG-YYYYMMDD-NNNN). */
export function sampleSignature(today = new Date()) {
  return {
    name: t.name,
    date: longDate(today),
    isoDate: today.toISOString().slice(0, 10),
    reference: generateReference(today, 4, () => 0.4821),
  };
}

/** What a downloaded signature carries: the mark, who signed, when, and the reference a verifier looks up. */
export function SampleSignatureCard() {
  const sample = sampleSignature();
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-ink-200/70 via-white to-emerald-100/70 blur-2xl"
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-ink-900/10">
        <div className="flex items-center justify-between">
          <p className="text-xs font-semibold tracking-wider text-slate-600 uppercase">{t.label}</p>
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800">
            <BadgeCheck aria-hidden="true" className="size-3.5" />
            {t.verified}
          </span>
        </div>
        <svg viewBox="0 0 280 100" aria-hidden="true" className="mt-4 h-28 w-full text-ink-900">
          <path
            d="M18 78c14-4 26-30 34-52 4-11 11-14 11-4 0 16-13 46-24 58-5 5-8 1-4-8 8-18 26-32 38-30 9 2-2 22 6 23 7 1 13-13 20-13 6 0 2 12 9 12 8 0 14-16 22-16 7 0 3 14 10 14 9 0 15-22 24-22 6 0 1 16 8 16 10 0 20-18 30-18 8 0 4 12 11 12 11 0 21-10 31-14 10-4 20-4 26 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <path d="M10 94h260" stroke="#cbd5e1" strokeWidth="1.5" strokeDasharray="4 5" />
        </svg>
        <div className="mt-4 flex items-end justify-between gap-4 border-t border-slate-100 pt-4">
          <dl className="grid min-w-0 gap-2 text-sm">
            <div>
              <dt className="text-slate-600">{t.signedBy}</dt>
              <dd className="font-semibold text-slate-900">{sample.name}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t.date}</dt>
              <dd className="font-semibold text-slate-900">
                <time dateTime={sample.isoDate}>{sample.date}</time>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t.reference}</dt>
              <dd
                className="font-mono text-sm font-semibold break-all text-ink-800"
                data-testid="sample-reference"
              >
                {sample.reference}
              </dd>
            </div>
          </dl>
          <PseudoQr className="size-24 shrink-0 rounded-md border border-slate-200 sm:size-28" />
        </div>
      </div>
      <figcaption className="mt-4 text-center text-sm text-slate-600">{t.caption}</figcaption>
    </figure>
  );
}
