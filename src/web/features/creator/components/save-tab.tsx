import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { creatorText as t } from '../messages.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { useCreator } from './creator-context.tsx';
import { DownloadModeNotice } from './download-mode.tsx';
import { SavedNotice } from './saved-notice.tsx';
import { SignaturePreview } from './signature-preview.tsx';

function LoginRequired() {
  return (
    <Card>
      <CardContent className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">{m.loginRequired}</h2>
        <p className="text-slate-700">{t.loginRequiredText}</p>
        <div className="flex flex-wrap gap-3">
          <Link href="/auth?tab=login" className={buttonClasses('primary')}>
            {m.logIn}
          </Link>
          <Link href="/auth?tab=register" className={buttonClasses('secondary')}>
            {m.register}
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

/** Signed-in save: consent, optional image, retention note. */
export function SaveTab() {
  const c = useCreator();
  const [consent, setConsent] = useState(false);
  const [withImage, setWithImage] = useState(true);
  const imageId = useId();
  if (c.download.active) return <DownloadModeNotice text={t.downloadModeSaveTab} />;
  if (c.userPending) return <LoadingState />;
  if (!c.user) return <LoginRequired />;
  if (c.typedPending) return <LoadingState />;
  if (!c.view.signature || !c.view.name) {
    return (
      <div className="space-y-4">
        <Alert tone="info">{t.createFirst}</Alert>
        <Button variant="secondary" onClick={() => c.setTab('create')}>
          {t.goToCreate}
        </Button>
      </div>
    );
  }
  return (
    <Card>
      <CardContent className="space-y-5">
        <SignaturePreview />
        <section aria-labelledby="gdpr-title" className="rounded-lg border border-slate-200 p-4">
          <h2 id="gdpr-title" className="font-semibold text-slate-900">
            {t.gdprTitle}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {t.gdprItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <ConsentCheckbox checked={consent} onChange={setConsent} />
        <div className="flex items-start gap-3">
          <Checkbox
            id={imageId}
            checked={withImage}
            onCheckedChange={(v) => setWithImage(v === true)}
            aria-describedby={`${imageId}-hint`}
            className="mt-0.5"
          />
          <div>
            <label htmlFor={imageId} className="text-sm font-medium text-slate-800">
              {m.saveWithImage}
            </label>
            <p id={`${imageId}-hint`} className="text-sm text-slate-600">
              {t.saveWithImageHint}
            </p>
          </div>
        </div>
        <Alert tone="info" title={m.retentionTitle}>
          {t.retentionText}
        </Alert>
        <Button
          onClick={() => c.save({ includeImage: withImage, consent })}
          // saved already: an edit starts a new signature, so a second click cannot duplicate this one
          disabled={!consent || c.saving || c.saved !== null}
          aria-describedby={consent ? undefined : `${imageId}-consent`}
        >
          <Save aria-hidden="true" className="size-4" />
          {c.saving ? m.saving : m.saveSignature}
        </Button>
        {consent ? null : (
          <p id={`${imageId}-consent`} className="text-sm text-slate-600">
            {t.consentRequiredHint}
          </p>
        )}
        <SavedNotice />
      </CardContent>
    </Card>
  );
}
