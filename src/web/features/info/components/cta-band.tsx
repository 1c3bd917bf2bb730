import { PenLine, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button-classes.ts';
import { infoText } from '#web/features/info/messages.ts';
import { cn } from '#web/lib/cn.ts';

const t = infoText.cta;

/** Calls to action to the creator (/signature) and to sign-up (/auth). */
export function CtaBand() {
  return (
    <section aria-labelledby="cta-band-title" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-ink-800 to-ink-950 px-6 py-12 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-band-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t.title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-ink-100">{t.lead}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            href="/signature"
            className={cn(buttonClasses('secondary', 'lg'), 'border-white focus-visible:outline-white')}
          >
            <PenLine aria-hidden="true" className="size-5" />
            {t.create}
          </Link>
          <Link
            href="/auth?tab=register"
            className={cn(
              buttonClasses('ghost', 'lg'),
              'border border-white/40 text-white hover:bg-white/10 hover:text-white focus-visible:outline-white',
            )}
          >
            <UserPlus aria-hidden="true" className="size-5" />
            {t.signUp}
          </Link>
        </div>
      </div>
    </section>
  );
}
