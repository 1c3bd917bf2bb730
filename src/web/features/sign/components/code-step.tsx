import { Mail, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { requestMessages as m } from '#shared/requests/messages.ts';
import { CODE_LENGTH, verifyCodeSchema } from '#shared/requests/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useSendCode } from '../api/send-code.ts';
import { useVerifyCode } from '../api/verify-code.ts';
import { signText as t } from '../messages.ts';

/**
 * The identity check: a 6-digit code mailed to the recipient (their address shown masked, as the
 * server gives it before the code); wrong, expired and too many tries said plainly.
 */
export function CodeStep({ token, maskedEmail }: { token: string; maskedEmail: string }) {
  const send = useSendCode(token);
  const verify = useVerifyCode(token);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [needNew, setNeedNew] = useState(false);
  const sent = send.data;

  const askCode = async () => {
    setError(undefined);
    try {
      await send.mutateAsync();
      setNeedNew(false);
      setCode('');
    } catch {
      // shown below the button
    }
  };

  const confirm = async () => {
    const parsed = verifyCodeSchema.safeParse({ code });
    if (!parsed.success) return setError(m.codeFormat);
    try {
      await verify.mutateAsync(parsed.data.code);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      if (e instanceof ApiError && e.status === 410) setNeedNew(true);
    }
  };

  return (
    <Card className="mx-auto mt-6 max-w-lg space-y-4 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <ShieldCheck aria-hidden="true" className="size-7 text-ink-700" />
        <h2 className="text-xl font-semibold text-slate-900">{t.codeTitle}</h2>
      </div>
      <p className="text-slate-700">{t.codeIntro(maskedEmail)}</p>
      {sent && !needNew ? (
        <Alert tone="success" role="status">
          {sent.message}
        </Alert>
      ) : null}
      {send.error ? (
        <Alert tone="error" role="alert">
          {send.error.message}
        </Alert>
      ) : null}
      {sent ? (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <FormField label={t.codeLabel} hint={t.codeHint} error={error}>
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
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={verify.isPending || needNew}>
              {verify.isPending ? <Spinner className="size-4" /> : null}
              {t.confirm}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={send.isPending}
              onClick={() => void askCode()}
            >
              <Mail aria-hidden="true" className="size-4" />
              {t.sendAgain}
            </Button>
          </div>
        </form>
      ) : (
        <Button disabled={send.isPending} onClick={() => void askCode()}>
          {send.isPending ? <Spinner className="size-4" /> : <Mail aria-hidden="true" className="size-4" />}
          {t.sendCode}
        </Button>
      )}
    </Card>
  );
}
