import { Webhook } from 'lucide-react';
import { useState } from 'react';
import type { WebhookAnswer } from '#shared/api/webhooks.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateSecret,
  useSendTest,
  useUpdateWebhook,
  useWebhooks,
} from '#web/features/settings/api/webhooks.ts';
import { ErrorNote } from '#web/features/settings/components/error-note.tsx';
import { formatDate } from '#web/features/settings/components/format-date.ts';
import { SettingsCardHeader } from '#web/features/settings/components/settings-card-header.tsx';
import { webhooksText as t } from '#web/features/settings/messages.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { SecretNotice } from './secret-notice.tsx';
import { WebhookForm } from './webhook-form.tsx';

/** Settings > Webhooks: the user's endpoints, their secrets, and what was delivered to them. */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const list = webhooks.data?.items ?? [];
  return (
    <Card>
      <SettingsCardHeader icon={Webhook} title={t.heading} intro={t.intro} />
      <CardContent className="space-y-4">
        {secret ? <SecretNotice secret={secret} onDismiss={() => setSecret(null)} /> : null}
        {webhooks.isError ? <Alert tone="error">{t.loadFailed}</Alert> : null}
        {webhooks.isPending ? <Spinner className="size-5" /> : null}
        {webhooks.isSuccess && list.length === 0 && !adding ? (
          <p className="text-sm text-slate-700">{t.none}</p>
        ) : null}
        {list.length > 0 ? (
          <ul className="space-y-4" aria-label={t.heading}>
            {list.map((w) => (
              <EndpointItem key={w.id} endpoint={w} onSecret={setSecret} />
            ))}
          </ul>
        ) : null}
        {adding ? (
          <section aria-labelledby="webhook-new" className="rounded-lg border border-slate-200 p-4">
            <h3 id="webhook-new" className="mb-3 font-semibold text-slate-900">
              {t.createHeading}
            </h3>
            <ErrorNote error={create.error} />
            <WebhookForm
              idPrefix="webhook-new"
              submitLabel={t.create}
              pending={create.isPending}
              onCancel={() => setAdding(false)}
              onSubmit={(values) =>
                create.mutate(values, {
                  onSuccess: (created) => {
                    setSecret(created.secret);
                    setAdding(false);
                  },
                })
              }
            />
          </section>
        ) : (
          <Button onClick={() => setAdding(true)}>{t.add}</Button>
        )}
      </CardContent>
    </Card>
  );
}

function EndpointItem({ endpoint: w, onSecret }: { endpoint: WebhookAnswer; onSecret: (s: string) => void }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const prefix = `webhook-${w.id}`;
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4" data-testid="webhook">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-mono text-sm font-semibold break-all text-slate-900">{w.url}</h3>
          {w.description ? <p className="text-sm text-slate-700">{w.description}</p> : null}
          <p className="mt-1 flex flex-wrap gap-1">
            {w.events.map((e) => (
              <Badge key={e} tone="info">
                {t.events[e] ?? e}
              </Badge>
            ))}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {w.enabled ? <Badge tone="success">{t.enabled}</Badge> : <Badge tone="neutral">{t.disabled}</Badge>}
          {w.enabled && w.failingSince ? <Badge tone="warning">{t.failing}</Badge> : null}
        </div>
      </div>
      {w.disabledReason ? <p className="text-sm text-red-800">{w.disabledReason}</p> : null}
      {w.failingSince ? (
        <p className="text-sm text-slate-700">
          {t.failingSince(formatDate(w.failingSince))}
          {w.nextRetryAt ? `, ${t.nextTry(formatDate(w.nextRetryAt))}` : ''}
        </p>
      ) : null}
      {w.previousSecretUntil ? (
        <p className="text-sm text-slate-700">{t.previousSecret(formatDate(w.previousSecretUntil))}</p>
      ) : null}
      {notice ? (
        <Alert tone="success" role="status">
          {notice}
        </Alert>
      ) : null}
      <ErrorNote error={update.error ?? test.error ?? rotate.error} />
      {editing ? (
        <WebhookForm
          idPrefix={prefix}
          initial={w}
          submitLabel={t.save}
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(values) =>
            update.mutate(
              { id: w.id, ...values },
              {
                onSuccess: () => {
                  setEditing(false);
                  setNotice(t.saved);
                },
              },
            )
          }
        />
      ) : (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t.endpointActions(w.url)}>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {t.edit}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={update.isPending}
            onClick={() =>
              update.mutate({ id: w.id, enabled: !w.enabled }, { onSuccess: () => setNotice(null) })
            }
          >
            {w.enabled ? t.disable : t.enable}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!w.enabled || test.isPending}
            onClick={() =>
              test.mutate(w.id, {
                onSuccess: () => {
                  setNotice(t.testQueued);
                  setShowLog(true);
                },
              })
            }
          >
            {t.sendTest}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirm('rotate')}>
            {t.rotate}
          </Button>
          <Button size="sm" variant="secondary" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
            {showLog ? t.hideLog : t.showLog}
          </Button>
          <Button size="sm" variant="destructive" onClick={() => setConfirm('delete')}>
            {t.delete}
          </Button>
        </div>
      )}
      {showLog ? <DeliveryLog id={w.id} url={w.url} enabled={w.enabled} /> : null}
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => setConfirm(open ? 'rotate' : null)}
        title={t.rotateTitle}
        description={t.rotateDescription}
        confirmLabel={t.rotate}
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(w.id, {
            onSuccess: (r) => {
              setConfirm(null);
              onSecret(r.secret);
            },
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title={t.deleteTitle}
        description={t.deleteDescription(w.url)}
        confirmLabel={t.delete}
        pending={remove.isPending}
        error={remove.error ? remove.error.message : undefined}
        onConfirm={() => remove.mutate(w.id, { onSuccess: () => setConfirm(null) })}
      />
    </li>
  );
}
