import { useId, useState } from 'react';
import { formatMegabytes } from '#shared/documents/storage.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSetUserStorageQuota } from '#web/features/admin/api/set-user-storage-quota.ts';
import type { AdminUserDetail } from '#shared/admin/answers.ts';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.users;
const MB = 1024 * 1024;
const asField = (bytes: number | null) => (bytes === null ? '' : String(Math.round(bytes / MB)));

/** A user's own quota in whole megabytes; empty returns them to the default. */
export function StorageQuotaForm({ detail }: { detail: AdminUserDetail }) {
  const id = useId();
  const { user, storage } = detail;
  const saved = asField(storage.overrideBytes);
  const [value, setValue] = useState(saved);
  const mutation = useSetUserStorageQuota();
  const quotaMb = value.trim() === '' ? null : Number(value);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(
          { id: user.id, quotaMb },
          {
            onSuccess: (next) => {
              setValue(asField(next.overrideBytes));
              toast({
                title:
                  next.overrideBytes === null
                    ? t.quotaReset(user.email, formatMegabytes(next.quotaBytes))
                    : t.quotaSaved(user.email, formatMegabytes(next.quotaBytes)),
                variant: 'success',
              });
            },
            onError: (error) =>
              toast({ title: t.failed, description: errorText(error), variant: 'destructive' }),
          },
        );
      }}
    >
      <div className="w-48">
        <Label htmlFor={id}>{t.quotaLabel}</Label>
        <Input
          id={id}
          className="mt-1.5"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          placeholder={String(Math.round(storage.quotaBytes / MB))}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={value === saved || mutation.isPending}>
        {mutation.isPending ? <Spinner className="size-4" /> : null}
        {t.saveQuota}
      </Button>
      <p id={`${id}-hint`} className="w-full text-sm text-slate-600">
        {t.quotaHint}
      </p>
    </form>
  );
}
