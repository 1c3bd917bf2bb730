import { CircleCheck, KeyRound, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useVerifyResetToken } from '#web/features/auth/api/verify-reset-token.ts';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';

function Shell({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-20">
      <Card>
        <CardContent className="space-y-5 p-6 sm:p-8">
          <div className="flex items-center gap-3">
            {icon}
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          </div>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

function InvalidLink({ text }: { text: string }) {
  return (
    <Shell
      icon={<TriangleAlert aria-hidden="true" className="size-7 text-red-700" />}
      title={m.resetInvalidTitle}
    >
      <div role="alert" className="space-y-2 text-slate-700">
        <p>{text}</p>
        <p>{m.resetInvalidHint}</p>
      </div>
      <Link href="/auth?tab=forgot-password" className={buttonClasses('primary')}>
        Request New Reset Link
      </Link>
    </Shell>
  );
}

export default function ResetPasswordPage() {
  usePageMeta({ title: 'Reset password' });
  const params = new URLSearchParams(useSearch());
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const hasInfo = Boolean(token && email);
  const check = useVerifyResetToken(token, email, hasInfo);
  const [done, setDone] = useState(false);

  if (!hasInfo) return <InvalidLink text={m.resetMissingInfo} />;
  if (done) {
    return (
      <Shell
        icon={<CircleCheck aria-hidden="true" className="size-7 text-green-700" />}
        title={m.resetOkTitle}
      >
        <p role="status" className="text-slate-700">
          {m.resetOkText}
        </p>
        <Link href="/auth?tab=login" className={buttonClasses('primary')}>
          Go to Login
        </Link>
      </Shell>
    );
  }
  if (check.isPending) return <LoadingState label={m.resetVerifying} showLabel />;
  if (check.isError || !check.data) return <InvalidLink text={m.resetLinkInvalid} />;

  return (
    <Shell
      icon={<KeyRound aria-hidden="true" className="size-7 text-ink-700" />}
      title="Choose a new password"
    >
      <p className="text-slate-700">
        Resetting the password for <span className="font-medium text-slate-900">{email}</span>.
      </p>
      <ResetPasswordForm token={token} email={email} onSuccess={() => setDone(true)} />
    </Shell>
  );
}
