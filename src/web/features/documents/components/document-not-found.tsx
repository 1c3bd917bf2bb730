import { ArrowLeft, FileQuestion } from 'lucide-react';
import { Link } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';

/** 'Document not found' with 'Back to Documents'; also for a failed load, with its reason. */
export function DocumentNotFound({ reason }: { reason?: string }) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-12 text-center">
      <FileQuestion aria-hidden="true" className="size-10 text-slate-500" />
      <h1 className="text-2xl font-bold text-slate-900">{m.documentNotFound}</h1>
      {reason && reason !== m.notFound ? <p className="text-slate-700">{reason}</p> : null}
      <Link href="/documents" className={`${buttonClasses('primary')} mt-2`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {m.backToDocuments}
      </Link>
    </Card>
  );
}
