import { ImageOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useClearSignatureImages } from '#web/features/signatures/api/clear-signature-images.ts';
import { useDeleteAllSignatures } from '#web/features/signatures/api/delete-all-signatures.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { mySignaturesText as t } from '#web/features/signatures/messages.ts';

/** The spec's two bulk calls, wired with a visible (and confirmed) way to reach them. */
export function ManageAll() {
  const [open, setOpen] = useState<'clear' | 'delete' | null>(null);
  const clear = useClearSignatureImages();
  const removeAll = useDeleteAllSignatures();
  const close = (isOpen: boolean) => (isOpen ? undefined : setOpen(null));
  return (
    <section aria-labelledby="manage-all-title" className="mt-12 rounded-2xl border border-slate-200 p-5">
      <h2 id="manage-all-title" className="font-semibold text-slate-900">
        {t.manageTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.manageLead}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setOpen('clear')}>
          <ImageOff aria-hidden="true" className="size-4" />
          {t.clearImages}
        </Button>
        <Button variant="secondary" size="sm" className="text-red-700" onClick={() => setOpen('delete')}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t.deleteAll}
        </Button>
      </div>
      <ConfirmDialog
        open={open === 'clear'}
        onOpenChange={close}
        title={t.clearImagesTitle}
        description={m.clearImagesConfirm}
        confirmLabel={t.clearImages}
        pending={clear.isPending}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setOpen(null) })}
      />
      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={close}
        title={t.deleteAllTitle}
        description={m.deleteAllConfirm}
        confirmLabel={t.deleteAll}
        pending={removeAll.isPending}
        onConfirm={() => removeAll.mutate(undefined, { onSettled: () => setOpen(null) })}
      />
    </section>
  );
}
