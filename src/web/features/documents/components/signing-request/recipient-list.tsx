import { Bell, Send } from 'lucide-react';
import type { RequestRecipient, SigningRequest } from '#shared/requests/schemas.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { RecipientMail } from '#web/features/documents/api/mail-recipient.ts';
import { requestText as t } from '#web/features/documents/request-messages.ts';

const tones: Record<RequestRecipient['status'], BadgeTone> = {
  waiting: 'neutral',
  sent: 'info',
  opened: 'warning',
  signed: 'success',
  declined: 'danger',
  expired: 'neutral',
};

interface RecipientListProps {
  request: SigningRequest;
  busy: boolean;
  onMail: (recipient: RequestRecipient, how: RecipientMail) => void;
}

/** Each recipient in order: role, state with its times (UTC), and Resend / Remind now while it is their turn. */
export function RecipientList({ request, busy, onMail }: RecipientListProps) {
  const open = request.status === 'active';
  return (
    <section aria-labelledby="recipients-title" className="space-y-2">
      <h3 id="recipients-title" className="text-base font-semibold text-slate-900">
        {t.recipientsTitle}
      </h3>
      <ol className="space-y-2">
        {request.recipients.map((r) => {
          const canMail = open && r.role !== 'viewer' && (r.status === 'sent' || r.status === 'opened');
          const times: Array<[string, string | null]> = [
            [t.sentAt, r.sentAt],
            [t.openedAt, r.openedAt],
            [r.role === 'approver' ? t.approved : t.signedAt, r.signedAt],
            [t.declinedAt, r.declinedAt],
            [t.remindedAt(r.remindersSent), r.lastRemindedAt],
          ];
          return (
            <li key={r.id} className="rounded-lg border border-slate-200 p-3" data-testid="request-recipient">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">
                    {t.position(r.position + 1)} {r.name}{' '}
                    <span className="font-normal text-slate-600">&lt;{r.email}&gt;</span>
                  </p>
                  <p className="text-sm text-slate-700">{t.role[r.role]}</p>
                </div>
                <Badge tone={tones[r.status]} data-testid="recipient-status">
                  {r.status === 'signed' && r.role === 'approver' ? t.approved : t.status[r.status]}
                </Badge>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                {times
                  .filter((time): time is [string, string] => time[1] !== null)
                  .map(([label, at]) => (
                    <div key={label} className="contents">
                      <dt className="text-slate-600">{label}</dt>
                      <dd className="text-slate-800 tabular-nums">{t.utc(at)}</dd>
                    </div>
                  ))}
                {r.declineReason ? (
                  <div className="contents">
                    <dt className="text-slate-600">{t.reason}</dt>
                    <dd className="break-words text-slate-800">{r.declineReason}</dd>
                  </div>
                ) : null}
              </dl>
              {canMail ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={t.resendFor(r.name)}
                    onClick={() => onMail(r, 'resend')}
                  >
                    <Send aria-hidden="true" className="size-4" />
                    {t.resend}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={t.remindFor(r.name)}
                    onClick={() => onMail(r, 'remind')}
                  >
                    <Bell aria-hidden="true" className="size-4" />
                    {t.remind}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
