import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { creatorText as t } from '../messages.ts';
import { useCreator } from './creator-context.tsx';
import { DownloadMenu } from './download-menu.tsx';
import { DownloadModeStatus } from './download-mode.tsx';
import { QuickSave } from './quick-save.tsx';
import { SavedNotice } from './saved-notice.tsx';
import { SignaturePreview } from './signature-preview.tsx';

export function PreviewTab() {
  const c = useCreator();
  if (c.download.active && c.download.state !== 'ready') return <DownloadModeStatus mode={c.download} />;
  // A typed signature whose font is still loading: its drawing comes, the last one is stale.
  if (!c.download.active && c.typedPending) return <LoadingState />;
  if (!c.view.signature) return <Alert tone="info">{m.noSignatureYet}</Alert>;
  const anonymous = !c.userPending && !c.user;
  return (
    <Card>
      <CardContent className="space-y-5">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            {c.download.active ? t.downloadModeTitle : t.previewTitle}
          </h2>
          {c.download.active ? <p className="text-sm text-slate-700">{t.downloadModeText}</p> : null}
        </div>
        <SignaturePreview />
        <div className="flex flex-wrap items-center gap-3">
          <DownloadMenu />
          <p className="text-sm text-slate-600">{t.metadataNote}</p>
        </div>
        <SavedNotice />
        {anonymous && !c.download.active ? <QuickSave /> : null}
      </CardContent>
    </Card>
  );
}
