import { Link } from 'wouter';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import type { DownloadMode } from '../hooks/use-download-mode.ts';
import { creatorText as t } from '../messages.ts';

const newSignatureLink = (
  <Link href="/create" className={buttonClasses('secondary', 'sm')}>
    {t.downloadModeNew}
  </Link>
);

/** What the Create and Save tabs say while a saved signature is open for download. */
export function DownloadModeNotice({ text }: { text: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="info">{text}</Alert>
      {newSignatureLink}
    </div>
  );
}

/** Loading, signed-out, not-found and error states of /signature?download=true&id=N. */
export function DownloadModeStatus({ mode }: { mode: DownloadMode & { active: true } }) {
  switch (mode.state) {
    case 'ready':
      return null;
    case 'loading':
      return <LoadingState label={t.downloadModeLoading} showLabel />;
    case 'signed-out':
      return (
        <div className="space-y-4">
          <Alert tone="info">{t.downloadModeSignedOut}</Alert>
          <Link href="/auth?tab=login" className={buttonClasses('primary', 'sm')}>
            {t.bannerLogIn}
          </Link>
        </div>
      );
    case 'bad-id':
    case 'not-found':
      return (
        <div className="space-y-4">
          <Alert tone="error" role="alert" title={t.downloadModeNotFoundTitle}>
            {mode.state === 'bad-id' ? t.downloadModeBadId : t.downloadModeNotFound}
          </Alert>
          <div className="flex flex-wrap gap-3">
            <Link href="/my-signatures" className={buttonClasses('secondary', 'sm')}>
              {t.savedManage}
            </Link>
            {newSignatureLink}
          </div>
        </div>
      );
    case 'error':
      return (
        <div className="space-y-4">
          <Alert tone="error" role="alert">
            {t.downloadModeError}
          </Alert>
          <Button size="sm" onClick={mode.retry}>
            {t.retry}
          </Button>
        </div>
      );
  }
}
