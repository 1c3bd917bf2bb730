import { Download, LayoutTemplate, Link2, Link2Off } from 'lucide-react';
import { useLocation } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentDetail } from '#shared/documents/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useSaveAsTemplate } from '../api/save-as-template.ts';
import type { useDocumentActions } from '../hooks/use-document-actions.tsx';
import { canSign } from '../lib/status.ts';
import { documentsText as t } from '../messages.ts';

type Actions = ReturnType<typeof useDocumentActions>;

/**
 * Share, Download, and Stop sharing while a link is live; a document not signed yet can also start
 * a template. Signing lives in the prompt of a pending document.
 */
export function DocumentDetailActions({ doc, actions }: { doc: DocumentDetail; actions: Actions }) {
  const [, navigate] = useLocation();
  const save = useSaveAsTemplate();
  const toTemplate = () =>
    save.mutate(doc.id, {
      onSuccess: (answer) => {
        toast({ title: t.savedAsTemplate, description: answer.message, variant: 'success' });
        navigate(`/templates/${answer.template.id}`);
      },
      onError: (error) =>
        toast({ title: t.saveAsTemplateFailed, description: error.message, variant: 'destructive' }),
    });
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
      {canSign(doc) ? (
        <Button variant="secondary" disabled={save.isPending} onClick={toTemplate}>
          {save.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <LayoutTemplate aria-hidden="true" className="size-4" />
          )}
          {t.saveAsTemplate}
        </Button>
      ) : null}
    </div>
  );
}
