import type { UseFormRegister } from 'react-hook-form';
import type { SecuritySettingsInput } from '#shared/admin/schemas.ts';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.security;

/** Whether users' webhooks may call loopback addresses (and use http for them). */
export function WebhookPolicyFields({ register }: { register: UseFormRegister<SecuritySettingsInput> }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{t.webhooks}</h2>
        <p className="text-sm text-slate-700">{t.webhooksLead}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex gap-3">
          <input
            id="policy-webhooksAllowHttpLoopback"
            type="checkbox"
            aria-describedby="policy-webhooksAllowHttpLoopback-hint"
            className="mt-1 size-4 accent-ink-700"
            {...register('webhooksAllowHttpLoopback')}
          />
          <div>
            <label htmlFor="policy-webhooksAllowHttpLoopback" className="text-sm font-medium text-slate-900">
              {t.webhooksLoopback}
            </label>
            <p id="policy-webhooksAllowHttpLoopback-hint" className="text-sm text-slate-700">
              {t.webhooksLoopbackHint}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
