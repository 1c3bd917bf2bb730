import { CirclePause, CircleX, Link2Off, TimerOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { linkMessages as lm, type LinkState } from '#shared/templates/links.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { directLinkText as t } from '../messages.ts';

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="px-4 py-12 sm:px-6 sm:py-16">
      <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-10 text-center">
        {icon}
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </Card>
    </div>
  );
}

const home = (
  <Link href="/" className={`${buttonClasses('secondary')} mt-2`}>
    {t.home}
  </Link>
);

/** A link that does not exist, or one its owner paused, that expired or reached its maximum. */
export function LinkClosed({ state }: { state: Exclude<LinkState, 'open'> | 'missing' }) {
  const shown = {
    missing: { title: t.notFoundTitle, text: lm.notFound, Icon: Link2Off },
    paused: { title: t.pausedTitle, text: lm.paused, Icon: CirclePause },
    expired: { title: t.expiredTitle, text: lm.expired, Icon: TimerOff },
    exhausted: { title: t.exhaustedTitle, text: lm.exhausted, Icon: CircleX },
  }[state];
  return (
    <StateCard
      icon={<shown.Icon aria-hidden="true" className="size-10 text-slate-500" />}
      title={shown.title}
    >
      <p className="text-slate-700">{shown.text}</p>
      {home}
    </StateCard>
  );
}

export function LinkLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateCard icon={<CircleX aria-hidden="true" className="size-10 text-red-700" />} title={t.failedTitle}>
      <p role="alert" className="text-slate-700">
        {message}
      </p>
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        {t.retry}
      </Button>
    </StateCard>
  );
}
