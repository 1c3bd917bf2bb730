import { ChevronDown } from 'lucide-react';
import { Link } from 'wouter';
import { supportText as t } from '../support-messages.ts';

/** The common questions, each a native disclosure: keyboard and screen readers work as they do everywhere. */
export function SupportFaq() {
  return (
    <section aria-labelledby="faq-title" className="space-y-3">
      <h2 id="faq-title" className="text-xl font-semibold text-slate-900">
        {t.faqTitle}
      </h2>
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {t.faq.map(({ q, a }) => (
          <details key={q} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-medium text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              <span>{q}</span>
              <ChevronDown
                aria-hidden="true"
                className="size-4 shrink-0 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="space-y-2 px-4 pb-4 text-slate-700">
              {a.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
      <Link href="/privacy" className="inline-block text-sm font-medium text-ink-700 hover:underline">
        {t.privacyLink}
      </Link>
    </section>
  );
}
