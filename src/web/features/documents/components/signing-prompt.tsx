import { PenLine, Send } from 'lucide-react';
import { Link } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { documentsText as t } from '../messages.ts';

/**
 * What a pending document offers its owner: sign it (the one primary action) or send it to
 * others. Nothing says the owner must sign: a request may leave them out.
 */
export function SigningPrompt({ id }: { id: number }) {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-lg font-semibold text-amber-950">{m.notSignedYet}</h2>
        <p className="text-amber-950">{m.signOrRequest}</p>
      </div>
      <div className="flex flex-wrap gap-2 self-start sm:self-auto">
        <Link href={`/sign-document/${id}`} className={buttonClasses('primary')}>
          <PenLine aria-hidden="true" className="size-4" />
          {m.signDocument}
        </Link>
        <Link href={`/documents/${id}/request`} className={buttonClasses('secondary')}>
          <Send aria-hidden="true" className="size-4" />
          {t.requestSignatures}
        </Link>
      </div>
    </div>
  );
}
