import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { normalizeReference } from '#shared/signatures/reference.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { LightForm } from '#web/lib/light-form.ts';
import { useLookupCaptcha } from '#web/features/verification/api/get-lookup-captcha.ts';
import { CaptchaCanvas } from '#web/components/captcha-canvas.tsx';
import { verifyText as t } from '#web/features/verification/messages.ts';
import { signatureSchemas } from '#web/features/verification/lib/lazy-parts.ts';

export interface LookupFormValues {
  reference: string;
  captcha: string;
}

interface LookupFormProps {
  form: LightForm<LookupFormValues>;
  loading: boolean;
  captchaRequired: boolean;
  captchaRound: number;
  captchaMessage: string | null;
  /** A look-up by id waits for the CAPTCHA: submitting with no reference retries it. */
  retryWithoutReference: boolean;
  onLookup: (reference: string | null, captcha: string | undefined) => void;
}

export function LookupForm(props: LookupFormProps) {
  const { form, loading, captchaRequired, captchaRound, captchaMessage } = props;
  const { errors } = form.formState;
  const captcha = useLookupCaptcha(captchaRequired, captchaRound);

  useEffect(() => form.resetField('captcha'), [form, captchaRound]);

  const onSubmit = form.handleSubmit(async ({ reference, captcha: code }) => {
    const answer = captchaRequired ? code.trim() : undefined;
    if (captchaRequired && !answer) {
      form.setError('captcha', { message: m.lookupCaptchaNeeded }, { shouldFocus: true });
      return;
    }
    if (!reference.trim() && props.retryWithoutReference) return props.onLookup(null, answer);
    // The CAPTCHA is asked about first, and an empty reference may retry a look-up by id: the
    // reference is checked here, with the server's own schema, rather than by a resolver.
    const { referenceSchema } = await signatureSchemas.load();
    const parsed = referenceSchema.safeParse(reference);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? m.referenceFormat;
      form.setError('reference', { message }, { shouldFocus: true });
      return;
    }
    props.onLookup(normalizeReference(parsed.data), answer);
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{t.formTitle}</h2>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={loading}>
          <FormField label={t.referenceLabel} hint={t.referenceHint} error={errors.reference?.message}>
            <Input
              {...form.register('reference')}
              placeholder={t.referencePlaceholder}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono"
            />
          </FormField>
          {captchaRequired ? (
            <fieldset className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">{t.captchaTitle}</legend>
              {captchaMessage ? (
                <Alert tone={captchaMessage === m.lookupCaptchaWrong ? 'error' : 'info'} role="alert">
                  {captchaMessage}
                </Alert>
              ) : null}
              <CaptchaCanvas
                challenge={captcha.data}
                loading={captcha.isFetching}
                failed={captcha.isError}
                onRefresh={() => {
                  form.resetField('captcha');
                  void captcha.refetch();
                }}
                labels={{ image: t.captchaImage, refresh: t.captchaRefresh, loadFailed: t.captchaLoadFailed }}
              />
              <FormField label={t.captchaLabel} hint={t.captchaHint} error={errors.captcha?.message}>
                <Input
                  {...form.register('captcha')}
                  autoComplete="off"
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  className="bg-white"
                />
              </FormField>
            </fieldset>
          ) : null}
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={loading}>
            {loading ? <Spinner className="size-4" /> : <Search aria-hidden="true" className="size-4" />}
            {loading ? t.submitting : t.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
