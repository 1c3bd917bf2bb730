import { MailCheck, ShieldOff, Trash2, UserCheck, UserX } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useResendVerification } from '#web/features/admin/api/resend-verification.ts';
import { useSetUserStatus } from '#web/features/admin/api/set-user-status.ts';
import type { AdminUserDetail } from '#shared/admin/answers.ts';
import { DeleteUserDialog } from '#web/features/admin/components/users/delete-user-dialog.tsx';
import { RoleForm } from '#web/features/admin/components/users/role-form.tsx';
import { StorageQuotaForm } from '#web/features/admin/components/users/storage-quota-form.tsx';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';
import type { Message } from '#shared/admin/answers.ts';

const t = adminText.users;

const fail = (error: unknown) =>
  toast({ title: t.failed, description: errorText(error), variant: 'destructive' });

interface UserActionsProps {
  detail: AdminUserDetail;
  isMe: boolean;
  onDeleted: () => void;
}

export function UserActions({ detail, isMe, onDeleted }: UserActionsProps) {
  const { user } = detail;
  const status = useSetUserStatus();
  const resend = useResendVerification();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  // Removes the user's authenticator app, recovery codes and passkeys (logged, mailed).
  const resetTwoFactor = useMutation({
    mutationFn: () => api.post<Message>(`/api/admin/users/${user.id}/reset-2fa`),
    onSuccess: (res) => {
      toast({ title: res.message, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: fail,
  });

  const toggleStatus = () =>
    status.mutate(
      { id: user.id, disabled: !user.disabled },
      {
        onSuccess: () =>
          toast({
            title: user.disabled ? t.enabledToast(user.email) : t.disabledToast(user.email),
            variant: 'success',
          }),
        onError: fail,
      },
    );

  return (
    <section aria-labelledby="user-actions" className="space-y-4 border-t border-slate-200 pt-4">
      <h3 id="user-actions" className="font-semibold text-slate-900">
        {t.actionsHeading}
      </h3>
      {isMe ? <Alert tone="info">{t.selfNote}</Alert> : null}
      <RoleForm key={user.id} user={user} disabled={isMe} />
      <StorageQuotaForm key={`quota-${user.id}`} detail={detail} />
      <div className="space-y-1.5">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={toggleStatus} disabled={isMe || status.isPending}>
            {user.disabled ? (
              <UserCheck aria-hidden="true" className="size-4" />
            ) : (
              <UserX aria-hidden="true" className="size-4" />
            )}
            {user.disabled ? t.enable : t.disable}
          </Button>
          {user.emailVerified ? null : (
            <Button
              variant="secondary"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(user.id, {
                  onSuccess: (res) => toast({ title: res.message, variant: 'success' }),
                  onError: fail,
                })
              }
            >
              <MailCheck aria-hidden="true" className="size-4" />
              {t.resend}
            </Button>
          )}
          {user.twoFactor && !isMe ? (
            <Button
              variant="secondary"
              disabled={resetTwoFactor.isPending}
              onClick={() => resetTwoFactor.mutate()}
            >
              <ShieldOff aria-hidden="true" className="size-4" />
              Reset two-factor
            </Button>
          ) : null}
          <Button variant="destructive" onClick={() => setConfirming(true)} disabled={isMe}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t.deleteUser}
          </Button>
        </div>
        <p className="text-sm text-slate-700">{t.disableHint}</p>
      </div>
      <DeleteUserDialog
        detail={detail}
        open={confirming}
        onOpenChange={setConfirming}
        onDeleted={onDeleted}
      />
    </section>
  );
}
