import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useClearEmailSettings } from '#web/features/admin/api/clear-email-settings.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.email;

export function ClearSmtpButton() {
  const [open, setOpen] = useState(false);
  const clear = useClearEmailSettings();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t.clear}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) clear.reset();
          setOpen(next);
        }}
        title={t.clearTitle}
        description={t.clearText}
        confirmLabel={t.clear}
        pending={clear.isPending}
        error={clear.error ? errorText(clear.error) : null}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => {
              toast({ title: t.cleared, variant: 'success' });
              setOpen(false);
            },
          })
        }
      />
    </>
  );
}
