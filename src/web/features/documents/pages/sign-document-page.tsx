import { CircleCheck } from 'lucide-react';
import { Link, Redirect, useParams } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useDocument } from '../api/get-document.ts';
import { DocumentNotFound } from '../components/document-not-found.tsx';
import { SigningScreen } from '../components/signing-screen.tsx';
import { parseDocumentId } from '../lib/document-id.ts';
import { signingText as t } from '../signing-messages.ts';

/** /sign-document/{id}. */
export default function SignDocumentPage() {
  const params = useParams<{ id: string }>();
  const id = parseDocumentId(params.id);
  const query = useDocument(id);
  const doc = query.data;
  usePageMeta(
    doc ? { title: m.signDocumentTitle(doc.name) } : query.isPending ? null : { title: m.documentNotFound },
  );

  if (id === null) return <Redirect to="/documents" replace />;
  if (query.isPending) return <LoadingState label={m.loadingDocument} showLabel />;
  if (!doc)
    return (
      <div className="px-4 py-16 sm:px-6">
        <DocumentNotFound reason={query.error?.message} />
      </div>
    );
  if (doc.status === 'signed')
    return (
      <div className="px-4 py-16 sm:px-6">
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-12 text-center">
          <CircleCheck aria-hidden="true" className="size-10 text-emerald-700" />
          <h1 className="text-2xl font-bold text-slate-900">{t.alreadySignedTitle}</h1>
          <p className="text-slate-700">{t.alreadySignedText}</p>
          <Link href={`/documents/${doc.id}`} className={`${buttonClasses('primary')} mt-2`}>
            {t.openDocument}
          </Link>
        </Card>
      </div>
    );
  return <SigningScreen doc={doc} />;
}
