import { ShieldCheck, ShieldX } from 'lucide-react';
import { useId } from 'react';
import { sealFailureMessages } from '#shared/seals/messages.ts';
import { sealMessages } from '#shared/seals/messages.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import type { SealState } from '#web/features/verification/hooks/use-seal-check.ts';
import { sealText as t } from '#web/features/verification/messages.ts';

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** The seal's own verdict, kept apart from the server's answer. Text only. */
export function SealCard({ state }: { state: SealState }) {
  const titleId = useId();
  if (state.status === 'none') return null;
  if (state.status === 'checking') return <LoadingState label={t.checking} showLabel />;
  const { check, log } = state;
  const v = check.verification;
  // What the server last said of the reference is the look-up's to tell (server-unreachable.tsx).
  const offline = log !== null && log !== 'checking' && log.status === 'unavailable';
  const synced = offline ? (
    <p className="text-sm text-slate-700" data-testid="seal-offline">
      {check.keysSyncedAt ? t.statusAsOf(when(check.keysSyncedAt)) : t.neverSynced}
    </p>
  ) : null;

  if (v.status === 'not-proven') {
    return (
      <Card role="region" aria-labelledby={titleId} className="border-red-300" data-testid="seal-card">
        <div className="flex items-start gap-3 border-b border-red-200 bg-red-50 px-6 py-4">
          <ShieldX aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-red-700" />
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-red-950">
              {sealMessages.notProven}
            </h2>
            <p className="text-sm text-red-900" data-testid="seal-reason" data-reason={v.reason}>
              {sealFailureMessages[v.reason]}
            </p>
          </div>
        </div>
        <CardContent className="space-y-2 pt-4">
          {v.kid ? <p className="font-mono text-xs text-slate-700">{`${t.key}: ${v.kid}`}</p> : null}
          {check.foreign ? <p className="text-sm text-slate-700">{t.foreign(check.issuer)}</p> : null}
          {check.keysSyncedAt === null ? <p className="text-sm text-slate-700">{t.neverSynced}</p> : null}
        </CardContent>
      </Card>
    );
  }

  const c = v.claims;
  const rows = [
    { label: t.signer, value: c.signerName },
    { label: t.reference, value: c.reference, mono: true },
    ...(c.expiresAt !== null ? [{ label: t.expires, value: when(c.expiresAt) }] : []),
    { label: t.key, value: c.kid, mono: true },
    { label: t.logIndex, value: c.logIndex.toLocaleString() },
  ];
  return (
    <Card role="region" aria-labelledby={titleId} className="border-emerald-300" data-testid="seal-card">
      <div className="flex items-start gap-3 border-b border-emerald-200 bg-emerald-50 px-6 py-4">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-emerald-800">{t.title}</p>
          <h2 id={titleId} className="text-lg font-semibold text-emerald-950" data-testid="seal-proven">
            {sealMessages.proven(c.issuer, when(c.signedAt))}
          </h2>
          <p className="text-sm text-emerald-900">{t.lead}</p>
        </div>
      </div>
      <CardContent className="space-y-3 pt-4">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
          {rows.map((r) => (
            <div key={r.label} className="contents">
              <dt className="font-medium text-slate-700">{r.label}</dt>
              <dd className={`break-words text-slate-950 ${r.mono ? 'font-mono' : ''}`}>{r.value}</dd>
            </div>
          ))}
        </dl>
        {v.expired ? <p className="text-sm text-amber-900">{t.expired}</p> : null}
        {check.foreign ? <p className="text-sm text-slate-700">{t.foreign(check.issuer)}</p> : null}
        <p className="text-sm text-slate-700" data-testid="seal-log">
          {log === 'checking' || log === null
            ? t.logChecking
            : log.status === 'included'
              ? t.logIncluded(log.index, log.treeSize, when(log.headAt))
              : log.status === 'pending'
                ? t.logPending
                : log.status === 'unavailable'
                  ? t.logUnavailable
                  : t.logFailed[log.reason]}
        </p>
        {synced}
        <p className="text-xs text-slate-600">
          {t.caveat}{' '}
          <span data-testid="seal-ms" data-ms={check.verifyMs.toFixed(2)}>
            {t.timing(check.verifyMs)}
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
