import { useState } from 'react';
import { requestMessages as m } from '#shared/requests/messages.ts';
import { DECLINE_REASON_MAX, declineSchema } from '#shared/requests/schemas.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { signText as t } from '../messages.ts';

interface DeclineDialogProps {
  open: boolean;
  pending: boolean;
  error?: string;
  onOpenChange: (open: boolean) => void;
  onDecline: (reason: string) => void;
}

/** Declining asks for a reason; the sender reads it. */
export function DeclineDialog({ open, pending, error, onOpenChange, onDecline }: DeclineDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.declineTitle}
      description={t.declineDescription}
      confirmLabel={t.declineConfirm}
      cancelLabel={t.cancel}
      pending={pending}
      error={error}
      onConfirm={() => {
        const parsed = declineSchema.safeParse({ reason });
        if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? m.reasonRequired);
        setProblem(undefined);
        onDecline(parsed.data.reason);
      }}
    >
      <FormField label={t.reasonLabel} error={problem}>
        <Textarea
          rows={3}
          maxLength={DECLINE_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
    </ConfirmDialog>
  );
}
