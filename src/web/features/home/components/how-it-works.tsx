import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { SectionHeading } from '#web/features/home/components/section-heading.tsx';
import { homeText } from '#web/features/home/messages.ts';

const t = homeText.steps;

export function HowItWorks() {
  return (
    <section aria-labelledby="steps-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading id="steps-title" eyebrow={t.eyebrow} title={t.title} />
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {t.items.map((step, index) => (
          <li key={step.title} className="relative rounded-2xl border border-slate-200 p-6">
            <span
              className="grid size-10 place-items-center rounded-full bg-ink-50 text-lg font-bold text-ink-800"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">
              <span className="sr-only">{t.stepLabel(index + 1)}</span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
      <p className="mt-10 text-center">
        <Link
          href="/use-cases"
          className="inline-flex items-center gap-1 rounded font-semibold text-ink-700 hover:underline"
        >
          {t.useCasesLink}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </section>
  );
}
