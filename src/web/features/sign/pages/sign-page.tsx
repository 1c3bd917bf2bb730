import { useState } from 'react';
import { useParams } from 'wouter';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useSigningView } from '../api/get-signing-view.ts';
import { CodeStep } from '../components/code-step.tsx';
import {
  DeadLink,
  Declined,
  Finished,
  LoadFailed,
  NotYourTurn,
  ViewerOnly,
} from '../components/link-states.tsx';
import { SignDocument, type Outcome } from '../components/sign-document.tsx';
import { signText as t } from '../messages.ts';

/** /sign/{token}: a recipient's page, no account needed. */
export default function SignPage() {
  const { token = '' } = useParams<{ token: string }>();
  const query = useSigningView(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const view = query.data;
  usePageMeta(
    view
      ? { title: view.locked ? t.lockedTitle : t.pageTitle(view.document.name) }
      : query.isPending
        ? null
        : { title: t.deadTitle },
  );

  if (outcome?.kind === 'completed')
    return (
      <Finished
        message={outcome.answer.message}
        approver={view?.locked === false && view.recipient.role === 'approver'}
      />
    );
  if (outcome?.kind === 'declined') return <Declined message={outcome.message} />;
  if (query.isPending) return <LoadingState label={t.loading} showLabel />;
  if (!view) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404) return <DeadLink />;
    return <LoadFailed message={error?.message ?? ''} onRetry={() => void query.refetch()} />;
  }
  if (view.locked) {
    return (
      <div className="mx-auto max-w-lg px-4 py-6 sm:px-0 sm:py-10">
        <p className="text-sm font-semibold tracking-wide text-ink-700 uppercase">{t.eyebrow}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900">
          {t.lockedHeading(view.sender.name)}
        </h1>
        <CodeStep token={token} maskedEmail={view.recipient.maskedEmail} />
      </div>
    );
  }
  if (view.recipient.role === 'viewer') return <ViewerOnly />;
  if (!view.turn.yours) return <NotYourTurn view={view} />;

  return (
    <div className="mx-auto max-w-5xl touch-manipulation px-4 py-6 sm:px-6 sm:py-10">
      <p className="text-sm font-semibold tracking-wide text-ink-700 uppercase">{t.eyebrow}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {view.document.name}
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        {t.from(view.sender.name, view.sender.email)} ·{' '}
        {t.until(new Date(view.expiresAt).toLocaleDateString())}
      </p>
      {view.message ? (
        <figure className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <figcaption className="text-sm font-medium text-slate-800">
            {t.messageFrom(view.sender.name)}
          </figcaption>
          <blockquote className="mt-1 whitespace-pre-wrap text-slate-800">{view.message}</blockquote>
        </figure>
      ) : null}
      <SignDocument token={token} view={view} onOutcome={setOutcome} />
    </div>
  );
}
