import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { SectionHeading } from '#web/features/home/components/section-heading.tsx';

const steps = [
  { title: 'Create', text: 'Draw or type your signature and add your name and, if you like, a reference.' },
  {
    title: 'Download with QR code',
    text: 'Get a PNG, JPG or SVG with a QR code that points to its verification page.',
  },
  {
    title: 'Verify anytime',
    text: 'Anyone can scan the code or enter the reference to see who signed and when.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="steps-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading id="steps-title" eyebrow="How it works" title="Three steps, no paperwork" />
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="relative rounded-2xl border border-slate-200 p-6">
            <span
              className="grid size-10 place-items-center rounded-full bg-ink-50 text-lg font-bold text-ink-800"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
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
          See how people use Inkproof
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </section>
  );
}
