import { Link2Off } from 'lucide-react';
import { useState } from 'react';
import { SHARE_LINK_TTL_DAYS } from '#shared/documents/schemas.ts';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/lib/toast.ts';
import { useTurnOffDownloadLink } from '#web/features/documents/api/turn-off-download-link.ts';
import { requestText as t } from '#web/features/documents/request-messages.ts';

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : t.failed);

/** What the recipients get to download the final PDF, and the owner's way to turn it off. */
export function DownloadLink({ request }: { request: SigningRequest }) {
  const [now] = useState(() => Date.now());
  const [confirming, setConfirming] = useState(false);
  const turnOff = useTurnOffDownloadLink(request.documentId);
  const open = request.status === 'active';
  if (!open && request.status !== 'completed') return null;

  const until = request.recipientsLinkExpiresAt;
  const live = request.recipientsDownloadLink && until !== null && Date.parse(until) > now;
  const text = !request.recipientsDownloadLink
    ? until
      ? t.downloadRevoked
      : t.downloadOff
    : open
      ? t.downloadPlanned(SHARE_LINK_TTL_DAYS)
      : live
        ? t.downloadLive(t.utc(until))
        : until
          ? t.downloadExpired(t.utc(until))
          : t.downloadOff;
  const canTurnOff = request.recipientsDownloadLink && (open || live);

  const onConfirm = async () => {
    try {
      const answer = await turnOff.mutateAsync(request.id);
      setConfirming(false);
      toast({ title: t.downloadTitle, description: answer.message, variant: 'success' });
    } catch {
      // shown in the dialog
    }
  };

  return (
    <section aria-labelledby="download-link-title" className="space-y-2" data-testid="download-link">
      <h3 id="download-link-title" className="text-base font-semibold text-slate-900">
        {t.downloadTitle}
      </h3>
      <p className="text-sm text-slate-700">{text}</p>
      {canTurnOff ? (
        <Button variant="secondary" size="sm" aria-label={t.turnOffLabel} onClick={() => setConfirming(true)}>
          <Link2Off aria-hidden="true" className="size-4" />
          {t.turnOff}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.turnOffTitle}
        description={open ? t.turnOffPlanned : t.turnOffLive}
        confirmLabel={t.turnOff}
        cancelLabel={t.keepLink}
        pending={turnOff.isPending}
        error={turnOff.error ? errorText(turnOff.error) : undefined}
        onConfirm={() => void onConfirm()}
      />
    </section>
  );
}
