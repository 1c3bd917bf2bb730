import { Link } from 'wouter';
import { homeText } from '#web/features/home/messages.ts';
import { cn } from '#web/lib/cn.ts';

const t = homeText.cta;
const base =
  'inline-flex h-12 items-center justify-center rounded-lg px-6 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-ink-800 to-ink-950 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t.title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-ink-100">{t.lead}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href="/signature" className={cn(base, 'bg-white text-ink-900 hover:bg-ink-50')}>
            {t.create}
          </Link>
          <Link
            href="/auth?tab=register"
            className={cn(base, 'border border-white/40 text-white hover:bg-white/10')}
          >
            {t.signUp}
          </Link>
        </div>
      </div>
    </section>
  );
}
