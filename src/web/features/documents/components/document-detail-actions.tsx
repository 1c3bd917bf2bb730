import { Download, Link2, Link2Off, PenLine, Send } from 'lucide-react';
import { Link } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentDetail } from '#shared/documents/schemas.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import type { useDocumentActions } from '../hooks/use-document-actions.tsx';
import { canRequest, canSign } from '../lib/status.ts';
import { documentsText as t } from '../messages.ts';

type Actions = ReturnType<typeof useDocumentActions>;

/** Sign Document and Request signatures (while pending), Share, Download, and Stop sharing while a link is live. */
export function DocumentDetailActions({ doc, actions }: { doc: DocumentDetail; actions: Actions }) {
  return (
    <div className="flex flex-wrap gap-2">
      {canSign(doc) ? (
        <Link href={`/sign-document/${doc.id}`} className={buttonClasses('primary')}>
          <PenLine aria-hidden="true" className="size-4" />
          {m.signDocument}
        </Link>
      ) : null}
      {canRequest(doc) ? (
        <Link href={`/documents/${doc.id}/request`} className={buttonClasses('secondary')}>
          <Send aria-hidden="true" className="size-4" />
          {t.requestSignatures}
        </Link>
      ) : null}
      <Button variant="secondary" disabled={actions.sharing} onClick={() => actions.share(doc)}>
        <Link2 aria-hidden="true" className="size-4" />
        {m.share}
      </Button>
      {doc.shared ? (
        <Button variant="secondary" onClick={() => actions.stopSharing(doc)}>
          <Link2Off aria-hidden="true" className="size-4" />
          {t.stopSharing}
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => actions.download(doc)}>
        <Download aria-hidden="true" className="size-4" />
        {m.download}
      </Button>
    </div>
  );
}
