import { Download, Link2Off, ShieldCheck } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useSharedDocument } from '../api/get-shared-document.ts';
import { PdfViewer } from '../components/pdf-viewer.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { pdfFileName } from '../lib/file-names.ts';
import { sharedText as t } from '../shared-messages.ts';

/** /shared/{token}: a read-only view for anyone holding the link; nothing here needs an account. */
export default function SharedDocumentPage() {
  const { token = '' } = useParams<{ token: string }>();
  const query = useSharedDocument(token);
  const doc = query.data;
  usePageMeta(doc ? { title: doc.name } : query.isPending ? null : { title: t.unavailableTitle });

  if (query.isPending) return <LoadingState label={m.loadingDocument} showLabel />;
  if (!doc)
    return (
      <div className="px-4 py-16 sm:px-6">
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-12 text-center">
          <Link2Off aria-hidden="true" className="size-10 text-slate-500" />
          <h1 className="text-2xl font-bold text-slate-900">{t.unavailableTitle}</h1>
          <p role="alert" className="text-slate-700">
            {query.error?.message || m.shareNotFound}
          </p>
          <p className="text-sm text-slate-600">{t.unavailableHint}</p>
          <Link href="/" className={`${buttonClasses('secondary')} mt-2`}>
            {t.home}
          </Link>
        </Card>
      </div>
    );

  const fileName = pdfFileName(doc.status === 'signed' ? `${doc.name} (signed)` : doc.name);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-ink-700 uppercase">{t.eyebrow}</p>
      <div className="mt-2 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0 space-y-2">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">{doc.name}</h1>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <StatusBadge status={doc.status} />
            {doc.signedAt ? (
              <span>{t.signedBy(doc.signers.join(', '), formatDateTime(doc.signedAt))}</span>
            ) : null}
            {doc.expiresAt ? <span>{t.linkUntil(formatDate(doc.expiresAt))}</span> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {doc.reference ? (
            <Link
              href={`/verify-signature?document=${encodeURIComponent(doc.reference)}`}
              className={buttonClasses('secondary')}
            >
              <ShieldCheck aria-hidden="true" className="size-4" />
              {t.verify}
            </Link>
          ) : null}
          <a href={`${doc.fileUrl}?download=1`} download={fileName} className={buttonClasses('primary')}>
            <Download aria-hidden="true" className="size-4" />
            {m.download}
          </a>
        </div>
      </div>
      <div className="mt-6">
        <PdfViewer url={doc.fileUrl} fileName={fileName} />
      </div>
    </div>
  );
}
