import { useDeleteSignature } from '#web/features/admin/api/delete-signature.ts';
import type { AdminSignature } from '#shared/admin/answers.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.signatures;

export function DeleteSignatureDialog({
  signature,
  onClose,
}: {
  signature: AdminSignature | null;
  onClose: () => void;
}) {
  const mutation = useDeleteSignature();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={signature !== null}
      onOpenChange={(open) => !open && close()}
      title={signature ? t.deleteTitle(signature.referenceNumber) : ''}
      description={
        signature
          ? t.deleteText(signature.signerName, signature.ownerEmail ?? adminText.common.anonymous)
          : ''
      }
      confirmLabel={t.deleteConfirm}
      pending={mutation.isPending}
      error={mutation.error ? errorText(mutation.error) : null}
      onConfirm={() => {
        if (!signature) return;
        mutation.mutate(signature.id, {
          onSuccess: () => {
            toast({ title: t.deleted(signature.referenceNumber), variant: 'success' });
            close();
          },
        });
      }}
    />
  );
}
