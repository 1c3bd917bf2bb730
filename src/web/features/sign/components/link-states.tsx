import { CircleCheck, CircleX, Hourglass, Link2Off, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { requestMessages as m } from '#shared/requests/messages.ts';
import type { SigningView } from '#shared/requests/schemas.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { signText as t } from '../messages.ts';

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

/**
 * A link that is used, replaced, expired, cancelled, completed or unknown: one page for all (the
 * server's answer is the same too), saying what each could mean to someone who has the mail.
 */
export function DeadLink() {
  return (
    <StateCard icon={<Link2Off aria-hidden="true" className="size-10 text-slate-500" />} title={t.deadTitle}>
      <p className="text-slate-700">{t.deadWhy}</p>
      <p className="text-slate-700">{t.deadNext}</p>
      <Link href="/" className={`${buttonClasses('secondary')} mt-2`}>
        {t.home}
      </Link>
    </StateCard>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
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

/** Sequential order: those before this recipient have not finished yet. */
export function NotYourTurn({ view }: { view: SigningView }) {
  const names = view.turn.waitingFor.map((w) => w.name);
  return (
    <StateCard
      icon={<Hourglass aria-hidden="true" className="size-10 text-amber-700" />}
      title={t.waitingTitle}
    >
      <p className="text-slate-700">{m.notYourTurn(names)}</p>
      <div className="w-full text-left">
        <p className="text-sm font-medium text-slate-800">{t.waitingList}</p>
        <ol className="mt-1 list-decimal pl-6 text-sm text-slate-700">
          {view.turn.waitingFor.map((w) => (
            <li key={`${w.name}-${w.role}`}>{w.name}</li>
          ))}
        </ol>
      </div>
    </StateCard>
  );
}

export function ViewerOnly() {
  return (
    <StateCard
      icon={<CircleCheck aria-hidden="true" className="size-10 text-emerald-700" />}
      title={t.eyebrow}
    >
      <p className="text-slate-700">{m.viewerNothingToDo}</p>
    </StateCard>
  );
}

/** After finishing: what happens next, and where anyone checks the signatures. */
export function Finished({ message, approver }: { message: string; approver: boolean }) {
  return (
    <StateCard
      icon={<CircleCheck aria-hidden="true" className="size-10 text-emerald-700" />}
      title={approver ? t.approvedTitle : t.doneTitle}
    >
      <p role="status" className="text-slate-700">
        {message}
      </p>
      <p className="text-sm text-slate-600">{t.doneVerify}</p>
      <Link href="/verify-signature" className={`${buttonClasses('secondary')} mt-2`}>
        <ShieldCheck aria-hidden="true" className="size-4" />
        {t.verifyLink}
      </Link>
    </StateCard>
  );
}

export function Declined({ message }: { message: string }) {
  return (
    <StateCard
      icon={<CircleX aria-hidden="true" className="size-10 text-slate-600" />}
      title={t.declinedTitle}
    >
      <p role="status" className="text-slate-700">
        {message}
      </p>
    </StateCard>
  );
}
