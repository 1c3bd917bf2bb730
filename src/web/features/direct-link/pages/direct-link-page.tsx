import { Mail, PenLine } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { CODE_LENGTH, verifyCodeSchema } from '#shared/requests/schemas.ts';
import { requestMessages } from '#shared/requests/messages.ts';
import { linkStartSchema, linkStates, type LinkState } from '#shared/templates/links.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { usePublicLink } from '../api/get-public-link.ts';
import { useStartLink } from '../api/start.ts';
import { useVerifyLink } from '../api/verify.ts';
import { LinkClosed, LinkLoadFailed } from '../components/link-closed.tsx';
import { directLinkText as t } from '../messages.ts';

/** The state a refused POST names (409 paused, 410 expired or exhausted), if it is one of the link's. */
function closedBy(error: unknown): Exclude<LinkState, 'open'> | null {
  if (!(error instanceof ApiError)) return null;
  const state = (error.data as { state?: unknown } | null)?.state;
  return (linkStates.find((s) => s !== 'open' && s === state) as Exclude<LinkState, 'open'> | null) ?? null;
}

/** /d/{slug}: a template's public link. Name and address, a mailed code, then the signing page. */
export default function DirectLinkPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const query = usePublicLink(slug);
  const [closed, setClosed] = useState<Exclude<LinkState, 'open'> | null>(null);
  const info = query.data;
  usePageMeta(
    info ? { title: t.pageTitle(info.templateName) } : query.isPending ? null : { title: t.notFoundTitle },
  );

  if (query.isPending) return <LoadingState label={t.loading} showLabel />;
  if (!info) {
    if (query.error instanceof ApiError && query.error.status === 404) return <LinkClosed state="missing" />;
    return <LinkLoadFailed message={query.error?.message ?? ''} onRetry={() => void query.refetch()} />;
  }
  const state = closed ?? (info.state === 'open' ? null : info.state);
  if (state) return <LinkClosed state={state} />;

  return (
    <div className="mx-auto max-w-lg px-4 py-6 sm:px-0 sm:py-10">
      <p className="text-sm font-semibold tracking-wide text-ink-700 uppercase">{t.eyebrow}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {t.heading(info.templateName)}
      </h1>
      <p className="mt-2 text-slate-700">{t.intro(info.senderName, info.openRole)}</p>
      <Steps slug={slug} onClosed={setClosed} />
    </div>
  );
}

function Steps({ slug, onClosed }: { slug: string; onClosed: (s: Exclude<LinkState, 'open'>) => void }) {
  const start = useStartLink(slug);
  const verify = useVerifyLink(slug);
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string; code?: string }>({});
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [needNew, setNeedNew] = useState(false);
  const codeBox = useRef<HTMLFormElement>(null);

  const askCode = async () => {
    const parsed = linkStartSchema.safeParse({ name, email });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'name' | 'email';
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    try {
      await start.mutateAsync(parsed.data);
      setStep('code');
      setNeedNew(false);
      setCode('');
      requestAnimationFrame(() => codeBox.current?.querySelector('input')?.focus());
    } catch (e) {
      const s = closedBy(e);
      if (s) onClosed(s);
    }
  };

  const confirm = async () => {
    const parsed = verifyCodeSchema.safeParse({ code });
    if (!parsed.success) return setErrors({ code: requestMessages.codeFormat });
    setErrors({});
    try {
      const answer = await verify.mutateAsync(parsed.data.code);
      navigate(answer.signUrl);
    } catch (e) {
      const s = closedBy(e);
      if (s) return onClosed(s);
      setErrors({ code: e instanceof Error ? e.message : String(e) });
      if (e instanceof ApiError && e.status === 410) setNeedNew(true);
    }
  };

  if (step === 'details')
    return (
      <Card className="mt-6 space-y-4 p-5 sm:p-6">
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void askCode();
          }}
        >
          <FormField label={t.nameLabel} hint={t.nameHint} error={errors.name}>
            <Input value={name} autoComplete="name" onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField label={t.emailLabel} hint={t.emailHint} error={errors.email}>
            <Input
              type="email"
              value={email}
              autoComplete="email"
              inputMode="email"
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          {start.error && !closedBy(start.error) ? (
            <Alert tone="error" role="alert">
              {start.error.message}
            </Alert>
          ) : null}
          <Button type="submit" className="w-full sm:w-auto" disabled={start.isPending}>
            {start.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <Mail aria-hidden="true" className="size-4" />
            )}
            {t.sendCode}
          </Button>
        </form>
      </Card>
    );

  return (
    <Card className="mt-6 space-y-4 p-5 sm:p-6">
      <h2 className="text-xl font-semibold text-slate-900">{t.codeTitle}</h2>
      {start.data && !needNew ? (
        <Alert tone="success" role="status">
          {start.data.message}
        </Alert>
      ) : null}
      {start.error && !closedBy(start.error) ? (
        <Alert tone="error" role="alert">
          {start.error.message}
        </Alert>
      ) : null}
      <form
        ref={codeBox}
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <FormField label={t.codeLabel} hint={t.codeHint} error={errors.code}>
          <Input
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            className="max-w-40 text-center text-2xl tracking-[0.4em] tabular-nums"
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          />
        </FormField>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" disabled={verify.isPending || verify.isSuccess || needNew}>
            {verify.isPending || verify.isSuccess ? (
              <Spinner className="size-4" />
            ) : (
              <PenLine aria-hidden="true" className="size-4" />
            )}
            {verify.isSuccess ? t.opening : t.confirm}
          </Button>
          <Button type="button" variant="secondary" disabled={start.isPending} onClick={() => void askCode()}>
            <Mail aria-hidden="true" className="size-4" />
            {t.sendAgain}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setStep('details')}>
            {t.changeAddress}
          </Button>
        </div>
      </form>
    </Card>
  );
}
