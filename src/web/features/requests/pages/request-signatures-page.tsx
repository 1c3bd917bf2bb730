import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { documentMessages } from '#shared/documents/messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useRequestDocument } from '../api/get-document.ts';
import { ComposeRequest } from '../components/compose-request.tsx';
import { composeText as t } from '../messages.ts';

const parseId = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** /documents/{id}/request: compose a signing request, place its fields, send it. */
export default function RequestSignaturesPage() {
  const params = useParams<{ id: string }>();
  const id = parseId(params.id);
  const query = useRequestDocument(id);
  const doc = query.data;
  usePageMeta(
    doc
      ? { title: t.pageTitle(doc.name) }
      : query.isPending && id !== null
        ? null
        : { title: documentMessages.documentNotFound },
  );

  if (id !== null && query.isPending) return <LoadingState label={t.loadingDocument} showLabel />;
  const back = (
    <Link href={id ? `/documents/${id}` : '/documents'} className={`${buttonClasses('ghost', 'sm')} -ml-3`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t.back}
    </Link>
  );
  if (!doc)
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        {back}
        <Card className="mt-4 p-8 text-center">
          <h1 className="text-2xl font-bold text-slate-900">{documentMessages.documentNotFound}</h1>
          <p role="alert" className="mt-2 text-slate-700">
            {query.error?.message}
          </p>
        </Card>
      </div>
    );
  if (doc.status !== 'pending' && doc.status !== 'shared')
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        {back}
        <Card className="mt-4 p-8 text-center">
          <h1 className="text-2xl font-bold text-slate-900">{t.notPendingTitle}</h1>
          <p className="mt-2 text-slate-700">{t.notPendingText}</p>
        </Card>
      </div>
    );
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      {back}
      <h1 className="mt-3 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {t.pageTitle(doc.name)}
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t.lead}</p>
      <ComposeRequest documentId={doc.id} />
    </div>
  );
}
