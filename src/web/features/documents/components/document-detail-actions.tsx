import { Download, Link2, Link2Off } from 'lucide-react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentDetail } from '#shared/documents/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { useDocumentActions } from '../hooks/use-document-actions.tsx';
import { documentsText as t } from '../messages.ts';

type Actions = ReturnType<typeof useDocumentActions>;

/** Share, Download, and Stop sharing while a link is live; signing lives in the prompt of a pending document. */
export function DocumentDetailActions({ doc, actions }: { doc: DocumentDetail; actions: Actions }) {
  return (
    <div className="flex flex-wrap gap-2">
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
