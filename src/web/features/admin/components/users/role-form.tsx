import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { useSetUserRole } from '#web/features/admin/api/set-user-role.ts';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.users;
type Role = PublicUser['role'];

/** The role changes only on the button, so browsing the options with arrow keys changes nothing. */
export function RoleForm({ user, disabled }: { user: PublicUser; disabled: boolean }) {
  const id = useId();
  const [role, setRole] = useState<Role>(user.role);
  const mutation = useSetUserRole();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(
          { id: user.id, role },
          {
            onSuccess: (saved) =>
              toast({ title: t.roleChanged(saved.email, saved.role), variant: 'success' }),
            onError: (error) =>
              toast({ title: t.failed, description: errorText(error), variant: 'destructive' }),
          },
        );
      }}
    >
      <div className="w-40">
        <Label htmlFor={id}>{t.roleLabel}</Label>
        <Select
          id={id}
          className="mt-1.5"
          value={role}
          disabled={disabled}
          onChange={(e) => setRole(e.target.value as Role)}
        >
          <option value="user">{t.roles.user}</option>
          <option value="admin">{t.roles.admin}</option>
        </Select>
      </div>
      <Button
        type="submit"
        variant="secondary"
        disabled={disabled || role === user.role || mutation.isPending}
      >
        {mutation.isPending ? <Spinner className="size-4" /> : null}
        {t.changeRole}
      </Button>
    </form>
  );
}
