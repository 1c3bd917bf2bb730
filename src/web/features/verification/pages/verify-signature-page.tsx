import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { PageHeading } from '#web/components/page-heading.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useLightForm } from '#web/lib/light-form.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { CheckDocument } from '#web/features/verification/components/check-document.tsx';
import { CheckImage } from '#web/features/verification/components/check-image.tsx';
import { LookupForm, type LookupFormValues } from '#web/features/verification/components/lookup-form.tsx';
import { ServerUnreachable } from '#web/features/verification/components/server-unreachable.tsx';
import { VerificationInfo } from '#web/features/verification/components/verification-info.tsx';
import { useSealCheck } from '#web/features/verification/hooks/use-seal-check.ts';
import { carryEarlyFiles, earlyField } from '#web/features/verification/lib/early-input.ts';
import { resultCards, usePart } from '#web/features/verification/lib/lazy-parts.ts';
import { prepareOffline } from '#web/features/verification/lib/offline.ts';
import { useUrlLookup } from '#web/features/verification/hooks/use-url-lookup.ts';
import { useVerification } from '#web/features/verification/hooks/use-verification.ts';
import type { LookupRequest } from '#web/features/verification/lib/lookup-types.ts';
import { sealText, verifyText as t } from '#web/features/verification/messages.ts';

const earlyReference = earlyField('reference');

export default function VerifySignaturePage() {
  usePageMeta({ title: m.verifyTitle, description: m.verifySubtitle });
  const verification = useVerification();
  const { run, reset, outcome, request } = verification;
  const form = useLightForm<LookupFormValues>({ defaultValues: { reference: '', captcha: '' } });
  const [searched, setSearched] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The seal travels in the fragment, which the look-up's own address rewrite drops: keep it.
  const [sealLink, setSealLink] = useState(() =>
    window.location.hash.length > 1 ? window.location.href : null,
  );
  const seal = useSealCheck(sealLink);
  // The answer cards load when a look-up or a seal check starts, beside its request.
  const cards = usePart(resultCards, verification.status !== 'idle' || seal.status !== 'none');
  useEffect(() => prepareOffline(), []);
  const runFromUrl = useCallback((r: LookupRequest) => void run(r), [run]);
  const url = useUrlLookup(runFromUrl);
  const { urlReference, remember } = url;

  useEffect(() => {
    // the server's markup is gone: the page is the app's now
    document.getElementById('root')?.removeAttribute('data-prerendered');
    carryEarlyFiles();
    const early = earlyReference();
    const typed = early?.value.trim() ? early.value : '';
    if (urlReference || typed) form.setValue('reference', urlReference || typed);
    if (early?.focused) form.setFocus('reference');
  }, [form, urlReference]);

  useEffect(() => {
    if (outcome && outcome.kind !== 'captcha') headingRef.current?.focus();
  }, [outcome, cards]);

  // After 'Verify Another' the field takes focus once the result (and its button) has gone.
  useEffect(() => {
    if (focusRequest) form.setFocus('reference');
  }, [form, focusRequest]);

  const lookup = (next: LookupRequest, captcha?: string) => {
    setSearched(true);
    remember(next);
    void run(next, captcha);
  };

  const onFormLookup = (reference: string | null, captcha: string | undefined) => {
    if (reference === null) {
      if (request) void run(request, captcha);
      return;
    }
    const same = request?.target.kind === 'ref' && request.target.ref === reference;
    lookup({ target: { kind: 'ref', ref: reference }, claimed: same ? request.claimed : undefined }, captcha);
  };

  const onFoundInImage = (next: LookupRequest) => {
    if (next.target.kind === 'ref') form.setValue('reference', next.target.ref);
    setSealLink(next.link ?? null);
    form.clearErrors();
    lookup(next, form.getValues('captcha').trim() || undefined);
  };

  const verifyAnother = () => {
    reset();
    setSealLink(null);
    setSearched(true);
    form.reset();
    remember(null);
    setFocusRequest((n) => n + 1);
  };

  const again = (
    <Button variant="secondary" onClick={verifyAnother}>
      <RotateCcw aria-hidden="true" className="size-4" />
      {m.verifyAnother}
    </Button>
  );
  const captchaOutcome = outcome?.kind === 'captcha' ? outcome : null;
  const hasDocumentRef = new URLSearchParams(window.location.search).has('document');

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Link href="/" className={`${buttonClasses('ghost', 'sm')} -ml-3`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {m.backToHome}
      </Link>
      <div className="mt-4">
        <PageHeading title={m.verifyTitle} lead={m.verifySubtitle} />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {/* a signed PDF's QR code opens ?document=…: the document check below answers it */}
          {!url.hasTarget && !searched && verification.status === 'idle' && !hasDocumentRef ? (
            <Alert tone="info">{m.noSignatureId}</Alert>
          ) : null}
          {cards ? (
            <cards.SealCard state={seal} />
          ) : seal.status !== 'none' ? (
            <LoadingState label={sealText.checking} showLabel />
          ) : null}
          {verification.status === 'loading' ||
          (outcome && outcome.kind !== 'captcha' && outcome.kind !== 'unreachable' && !cards) ? (
            <LoadingState label={t.submitting} showLabel />
          ) : null}
          {cards && outcome?.kind === 'found' ? (
            <cards.ResultCard
              signature={outcome.signature}
              claimed={request?.claimed}
              headingRef={headingRef}
            >
              {again}
            </cards.ResultCard>
          ) : null}
          {outcome?.kind === 'unreachable' && request ? (
            <ServerUnreachable
              reference={request.target.kind === 'ref' ? request.target.ref : null}
              onRetry={() => void run(request)}
            />
          ) : null}
          {cards &&
          (outcome?.kind === 'error' || outcome?.kind === 'revoked' || outcome?.kind === 'expired') ? (
            <cards.FailureCard outcome={outcome} claimed={request?.claimed} headingRef={headingRef}>
              {again}
            </cards.FailureCard>
          ) : null}
          <LookupForm
            form={form}
            loading={verification.status === 'loading'}
            captchaRequired={verification.captchaRequired}
            captchaRound={verification.captchaRound}
            captchaMessage={captchaOutcome?.message ?? null}
            retryWithoutReference={verification.captchaRequired && request?.target.kind === 'id'}
            onLookup={onFormLookup}
          />
          {/* Checking a file is a search too: "No signature ID found" has said its piece. */}
          <CheckImage onFound={onFoundInImage} onCheck={() => setSearched(true)} />
          <CheckDocument
            onCheck={() => setSearched(true)}
            onSealedLink={(link) => setSealLink((current) => current ?? link)}
          />
        </div>
        <div>
          <VerificationInfo />
        </div>
      </div>
    </div>
  );
}
