import { Check, PenLine, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button-classes.ts';
import { SampleSignatureCard } from '#web/features/home/components/sample-signature-card.tsx';
import { homeText } from '#web/features/home/messages.ts';

const t = homeText.hero;

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-ink-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-ink-200 bg-white px-3 py-1 text-sm font-medium text-ink-800 shadow-sm">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t.badge}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            {t.titleStart} <span className="text-ink-700">{t.titleAccent}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">{t.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link href="/signature" className={buttonClasses('primary', 'lg')}>
              <PenLine aria-hidden="true" className="size-5" />
              {t.create}
            </Link>
            <Link href="/verify-signature" className={buttonClasses('secondary', 'lg')}>
              <ShieldCheck aria-hidden="true" className="size-5" />
              {t.verify}
            </Link>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {t.highlights.map((text) => (
              <li key={text} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-emerald-700" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <SampleSignatureCard />
      </div>
    </section>
  );
}
