import { useDeleteUser } from '#web/features/admin/api/delete-user.ts';
import type { AdminUserDetail } from '#shared/admin/answers.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.users;

interface DeleteUserDialogProps {
  detail: AdminUserDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

export function DeleteUserDialog({ detail, open, onOpenChange, onDeleted }: DeleteUserDialogProps) {
  const { user } = detail;
  const mutation = useDeleteUser();
  const who = user.name ? `${user.name} (${user.email})` : user.email;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) mutation.reset();
        onOpenChange(next);
      }}
      title={t.deleteTitle(user.email)}
      description={t.deleteText(who, detail.signatureCount)}
      confirmLabel={t.deleteUser}
      pending={mutation.isPending}
      error={mutation.error ? errorText(mutation.error) : null}
      onConfirm={() =>
        mutation.mutate(user.id, {
          onSuccess: () => {
            toast({ title: t.deleted(user.email), variant: 'success' });
            onOpenChange(false);
            onDeleted();
          },
        })
      }
    />
  );
}
