import { ArrowLeft, ArrowRight, Check, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { plannedText as t } from '../planned-messages.ts';

interface PlannedFeatureProps {
  copy: (typeof t)['team'];
}

/** An honest page for a screen that is planned: what it will do, and what to use until then. */
export function PlannedFeature({ copy }: PlannedFeatureProps) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-gradient-to-br from-white to-ink-50 p-6 shadow-sm sm:p-10">
      <span className="inline-flex items-center gap-2 rounded-full bg-ink-100 px-3 py-1 text-sm font-medium text-ink-900">
        <Sparkles aria-hidden="true" className="size-4" />
        {t.badge}
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{copy.title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">{copy.lead}</p>
      <h2 className="mt-8 text-base font-semibold text-slate-900">{t.whatItWillDo}</h2>
      <ul className="mt-3 space-y-2">
        {copy.points.map((point) => (
          <li key={point} className="flex gap-2 text-slate-800">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-700" />
            {point}
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-base font-semibold text-slate-900">{t.whatYouCanDoNow}</h2>
      <p className="mt-2 text-slate-800">{copy.now}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href={copy.actionHref} className={buttonClasses('primary')}>
          {copy.action}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <Link href="/dashboard" className={buttonClasses('secondary')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t.backToDashboard}
        </Link>
      </div>
    </div>
  );
}
