import { useState } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { downloadDocument } from '../api/download-document.ts';
import { useRevokeShare } from '../api/revoke-share.ts';
import { useShareDocument } from '../api/share-document.ts';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import { ShareLinkDialog, type ShownLink } from '../components/share-link-dialog.tsx';
import { copyText } from '../lib/copy-text.ts';
import { formatDate } from '../lib/format.ts';
import { documentsText as t } from '../messages.ts';

type Doc = Pick<DocumentSummary, 'id' | 'name'>;

/**
 * Share, stop sharing, download and delete, with their toasts and the two dialogs they
 * may open; render `dialogs` once wherever the hook is used.
 */
export function useDocumentActions({ onDeleted }: { onDeleted?: (doc: Doc) => void } = {}) {
  const share = useShareDocument();
  const revoke = useRevokeShare();
  const remove = useDeleteDocument();
  const [shown, setShown] = useState<ShownLink | null>(null);
  const [deleting, setDeleting] = useState<Doc | null>(null);

  async function shareDoc(doc: Doc) {
    let answer;
    try {
      answer = await share.mutateAsync(doc.id);
    } catch {
      toast({ title: m.shareFailed, description: m.tryLater, variant: 'destructive' });
      return;
    }
    const until = formatDate(answer.expiresAt);
    if (await copyText(answer.shareLink)) {
      toast({ title: t.shareCopiedTitle, description: t.shareCopiedText(until), variant: 'success' });
    } else {
      setShown({ link: answer.shareLink, expiresAt: answer.expiresAt });
    }
  }

  async function stopSharing(doc: Doc) {
    try {
      await revoke.mutateAsync(doc.id);
      toast({ title: t.shareStoppedTitle, description: m.shareRevoked });
    } catch {
      toast({ title: t.shareStopFailed, description: m.tryLater, variant: 'destructive' });
    }
  }

  async function download(doc: Doc) {
    try {
      await downloadDocument(doc);
    } catch {
      toast({ title: m.downloadFailed, description: m.tryLater, variant: 'destructive' });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const doc = deleting;
    try {
      await remove.mutateAsync(doc.id);
      setDeleting(null);
      toast({ title: m.deletedTitle, description: m.deleted });
      onDeleted?.(doc);
    } catch {
      toast({ title: m.deleteFailed, description: m.tryLater, variant: 'destructive' });
    }
  }

  const dialogs = (
    <>
      <ShareLinkDialog shown={shown} onClose={() => setShown(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        pending={remove.isPending}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );

  return {
    share: (doc: Doc) => void shareDoc(doc),
    stopSharing: (doc: Doc) => void stopSharing(doc),
    download: (doc: Doc) => void download(doc),
    askDelete: (doc: Doc) => setDeleting(doc),
    sharing: share.isPending,
    dialogs,
  };
}
