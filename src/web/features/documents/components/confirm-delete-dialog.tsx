import { documentMessages as m } from '#shared/documents/messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

interface ConfirmDeleteDialogProps {
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** 'Are you sure?' before a document is deleted; only the explicit button deletes. */
export function ConfirmDeleteDialog({ open, pending, onOpenChange, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" size="sm" title={m.deleteTitle} description={m.deleteText}>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{m.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            {m.delete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
