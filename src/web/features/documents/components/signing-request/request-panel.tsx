import { Ban } from 'lucide-react';
import { useState } from 'react';
import type { RequestRecipient } from '#shared/requests/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useCancelRequest } from '#web/features/documents/api/cancel-request.ts';
import { useCurrentRequest } from '#web/features/documents/api/get-current-request.ts';
import { useMailRecipient, type RecipientMail } from '#web/features/documents/api/mail-recipient.ts';
import { requestText as t } from '#web/features/documents/request-messages.ts';
import { AuditTrail } from './audit-trail.tsx';
import { DownloadLink } from './download-link.tsx';
import { RecipientList } from './recipient-list.tsx';

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : t.failed);

/**
 * The owner's view of the document's latest signing request: who has done what, and what to do
 * next. Every time is in UTC, as in the audit trail and on the sealed PDF's audit page.
 */
export function RequestPanel({ documentId }: { documentId: number }) {
  const query = useCurrentRequest(documentId);
  const cancel = useCancelRequest(documentId);
  const mail = useMailRecipient(documentId);
  const [confirming, setConfirming] = useState(false);
  const request = query.data?.request;

  if (query.isPending) return <LoadingState label={t.loading} />;
  if (query.isError)
    return (
      <Alert tone="error" role="alert" className="mt-6">
        {t.loadFailed}
      </Alert>
    );
  if (!request) return null;

  const onMail = async (recipient: RequestRecipient, how: RecipientMail) => {
    try {
      const answer = await mail.mutateAsync({ requestId: request.id, recipientId: recipient.id, how });
      toast({
        title: how === 'resend' ? t.resend : t.remind,
        description: answer.message,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: t.failed, description: errorText(error), variant: 'destructive' });
    }
  };

  const onCancel = async () => {
    try {
      const answer = await cancel.mutateAsync(request.id);
      setConfirming(false);
      toast({ title: t.requestStatus.cancelled, description: answer.message });
    } catch {
      // shown in the dialog
    }
  };

  const order = request.order === 'sequential' ? t.sequential : t.parallel;
  return (
    <Card className="mt-6 space-y-5 p-5" data-testid="request-panel">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            {t.title}: <span data-testid="request-status">{t.requestStatus[request.status]}</span>
          </h2>
          <p className="text-sm text-slate-700">
            {request.endedAt ? t.ended(t.utc(request.endedAt)) : t.summary(order, t.utc(request.expiresAt))}
          </p>
        </div>
        {request.status === 'active' ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            <Ban aria-hidden="true" className="size-4" />
            {t.cancel}
          </Button>
        ) : null}
      </div>
      <RecipientList request={request} busy={mail.isPending} onMail={(r, how) => void onMail(r, how)} />
      <DownloadLink request={request} />
      <AuditTrail events={request.events} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.cancelTitle}
        description={t.cancelText}
        confirmLabel={t.cancelConfirm}
        cancelLabel={t.keep}
        pending={cancel.isPending}
        error={cancel.error ? errorText(cancel.error) : undefined}
        onConfirm={() => void onCancel()}
      />
    </Card>
  );
}
