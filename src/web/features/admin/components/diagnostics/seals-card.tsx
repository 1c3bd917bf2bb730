import { useState } from 'react';
import type { Diagnostics } from '#shared/admin/answers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useRotateSealKey } from '#web/features/admin/api/rotate-seal-key.ts';
import { DetailList } from '#web/features/admin/components/detail-list.tsx';
import { formatDateTime } from '#web/features/admin/lib/format.ts';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.diagnostics;

/** The seal key and the log, with the key rotation behind a confirmation. */
export function SealsCard({ seals, actions }: { seals: Diagnostics['seals']; actions: boolean }) {
  const [open, setOpen] = useState(false);
  const rotate = useRotateSealKey();
  if (!seals) return null;
  return (
    <section
      aria-labelledby="seals-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="seals-heading" className="mb-1 text-lg font-semibold text-slate-900">
        {t.sealsTitle}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t.sealsLead}</p>
      <DetailList
        items={[
          [t.sealsActiveKey, seals.activeKid],
          [t.sealsLogSize, seals.logSize.toLocaleString()],
          [
            t.sealsHead,
            `${seals.headSize.toLocaleString()} · ${formatDateTime(new Date(seals.headAt).toISOString())}`,
          ],
        ]}
      />
      {actions ? (
        <>
          <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
            {t.sealsRotate}
          </Button>
          <ConfirmDialog
            open={open}
            onOpenChange={(next) => {
              if (!next) rotate.reset();
              setOpen(next);
            }}
            title={t.sealsRotateTitle}
            description={t.sealsRotateText}
            confirmLabel={t.sealsRotate}
            pending={rotate.isPending}
            error={rotate.error ? errorText(rotate.error) : null}
            onConfirm={() =>
              rotate.mutate(undefined, {
                onSuccess: (res) => {
                  toast({ title: t.sealsRotated(res.active), variant: 'success' });
                  setOpen(false);
                },
              })
            }
          />
        </>
      ) : null}
    </section>
  );
}
