import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useDocument } from '../api/get-document.ts';
import { ActiveContentNotice } from '../components/active-content-notice.tsx';
import { DocumentDetailActions } from '../components/document-detail-actions.tsx';
import { DocumentInfoCard } from '../components/document-info-card.tsx';
import { DocumentNotFound } from '../components/document-not-found.tsx';
import { DocumentTabs } from '../components/document-tabs.tsx';
import { PdfViewer } from '../components/pdf-viewer.tsx';
import { RequestPanel } from '../components/signing-request/request-panel.tsx';
import { SigningPrompt } from '../components/signing-prompt.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useDocumentActions } from '../hooks/use-document-actions.tsx';
import { parseDocumentId } from '../lib/document-id.ts';
import { pdfFileName } from '../lib/file-names.ts';
import { canSign, isSigned } from '../lib/status.ts';

/** /documents/{id}. A signed document is shown (and downloaded) in its signed version. */
export default function DocumentDetailPage() {
  const params = useParams<{ id: string }>();
  const id = parseDocumentId(params.id);
  const query = useDocument(id);
  const doc = query.data;
  usePageMeta(
    doc ? { title: doc.name } : query.isPending && id !== null ? null : { title: m.documentNotFound },
  );
  const actions = useDocumentActions();

  if (id !== null && query.isPending) return <LoadingState label={m.loadingDocument} showLabel />;
  if (!doc)
    return (
      <div className="mx-auto max-w-3xl space-y-12 px-4 py-16 sm:px-6">
        <DocumentNotFound reason={query.error?.message} />
        <DocumentTabs />
      </div>
    );

  const signed = isSigned(doc);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Link href="/documents" className={`${buttonClasses('ghost', 'sm')} -ml-3`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {m.back}
      </Link>
      <div className="mt-3 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0 space-y-2">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">{doc.name}</h1>
          <StatusBadge status={doc.status} />
        </div>
        <DocumentDetailActions doc={doc} actions={actions} />
      </div>
      <ActiveContentNotice doc={doc} />
      {canSign(doc) ? (
        <div className="mt-6">
          <SigningPrompt id={doc.id} />
        </div>
      ) : null}
      <RequestPanel documentId={doc.id} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <PdfViewer
          url={`/api/documents/${doc.id}/${signed ? 'download' : 'file'}`}
          fileName={pdfFileName(signed ? `${doc.name} (signed)` : doc.name)}
        />
        <DocumentInfoCard doc={doc} />
      </div>
      {actions.dialogs}
    </div>
  );
}
