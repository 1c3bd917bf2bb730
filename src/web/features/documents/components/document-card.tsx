import { Download, FileText, Hourglass, PenLine } from 'lucide-react';
import { Link } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import type { useDocumentActions } from '../hooks/use-document-actions.tsx';
import { formatDate } from '../lib/format.ts';
import { canSign, currentFile } from '../lib/status.ts';
import { documentsText as t } from '../messages.ts';
import { DocumentMenu } from './document-menu.tsx';
import { StatusBadge } from './status-badge.tsx';

type Actions = ReturnType<typeof useDocumentActions>;

/** A document in the grid: name (to its detail), date, status, menu, and Sign or Download. */
export function DocumentCard({ doc, actions }: { doc: DocumentSummary; actions: Actions }) {
  return (
    <Card className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <div className="grid size-10 shrink-0 place-items-center rounded-lg bg-ink-50 text-ink-700">
          <FileText aria-hidden="true" className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold break-words text-slate-900">
            <Link href={`/documents/${doc.id}`} className="rounded hover:text-ink-800 hover:underline">
              {doc.name}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {t.createdOn(formatDate(doc.createdAt))} · {t.pages(currentFile(doc).pages)}
          </p>
        </div>
        <DocumentMenu doc={doc} actions={actions} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={doc.status} />
        {doc.shared && doc.status !== 'shared' ? <StatusBadge status="shared" /> : null}
      </div>
      <div className="mt-auto">
        {canSign(doc) ? (
          <Link href={`/sign-document/${doc.id}`} className={`${buttonClasses('primary', 'sm')} w-full`}>
            <PenLine aria-hidden="true" className="size-4" />
            {m.sign}
            <span className="sr-only"> {doc.name}</span>
          </Link>
        ) : doc.status === 'awaiting' ? (
          <Link href={`/documents/${doc.id}`} className={`${buttonClasses('secondary', 'sm')} w-full`}>
            <Hourglass aria-hidden="true" className="size-4" />
            {t.requestStatus}
            <span className="sr-only"> {doc.name}</span>
          </Link>
        ) : (
          <Button variant="secondary" size="sm" className="w-full" onClick={() => actions.download(doc)}>
            <Download aria-hidden="true" className="size-4" />
            {m.download}
            <span className="sr-only"> {doc.name}</span>
          </Button>
        )}
      </div>
    </Card>
  );
}
