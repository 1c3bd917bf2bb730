import { useId, type ReactNode } from 'react';
import { SHARE_LINK_TTL_DAYS } from '#shared/documents/schemas.ts';
import { REQUEST_MESSAGE_MAX, type SigningOrder } from '#shared/requests/schemas.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { fieldsText as t } from './texts.ts';

/** The options a request (or a template's requests) is sent with, as edited. */
export interface OptionsDraft {
  order: SigningOrder;
  message: string;
  remindersOn: boolean;
  firstAfterDays: number;
  everyDays: number;
  requireCode: boolean;
  /** Each recipient is mailed a download link of the final PDF once everyone has signed. */
  recipientsDownloadLink: boolean;
}

interface RequestOptionsProps {
  draft: OptionsDraft;
  /** Messages by place: 'message', 'reminders'. */
  issues: Record<string, string>;
  onChange: (patch: Partial<OptionsDraft>) => void;
  /** How long the links work: a date for a request, a number of days for a template. */
  expiry: ReactNode;
}

function SwitchRow(props: { label: string; hint: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Switch
        id={id}
        checked={props.checked}
        aria-describedby={`${id}-hint`}
        onCheckedChange={props.onChange}
        className="mt-0.5"
      />
      <div>
        <Label htmlFor={id}>{props.label}</Label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {props.hint}
        </p>
      </div>
    </div>
  );
}

/** Order, message, expiry, reminders, the identity code and the recipients' download link. */
export function RequestOptions({ draft, issues, onChange, expiry }: RequestOptionsProps) {
  const orders: Array<[SigningOrder, string]> = [
    ['sequential', t.orderSequential],
    ['parallel', t.orderParallel],
  ];
  return (
    <section aria-labelledby="options-title" className="space-y-5">
      <h2 id="options-title" className="text-lg font-semibold text-slate-900">
        {t.optionsTitle}
      </h2>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t.orderLabel}</legend>
        {orders.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="order"
              value={value}
              checked={draft.order === value}
              onChange={() => onChange({ order: value })}
              className="size-4 accent-ink-700"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <FormField label={t.messageLabel} error={issues.message}>
        <Textarea
          rows={3}
          maxLength={REQUEST_MESSAGE_MAX}
          value={draft.message}
          onChange={(e) => onChange({ message: e.target.value })}
        />
      </FormField>
      {expiry}
      <div className="space-y-3">
        <SwitchRow
          label={t.remindersLabel}
          hint={t.remindersHint}
          checked={draft.remindersOn}
          onChange={(remindersOn) => onChange({ remindersOn })}
        />
        {draft.remindersOn ? (
          <div className="grid gap-3 sm:max-w-md sm:grid-cols-2">
            <FormField label={t.firstAfterLabel} error={issues.reminders}>
              <Input
                type="number"
                min={1}
                max={365}
                inputMode="numeric"
                value={draft.firstAfterDays}
                onChange={(e) => onChange({ firstAfterDays: e.target.valueAsNumber })}
              />
            </FormField>
            <FormField label={t.everyLabel}>
              <Input
                type="number"
                min={1}
                max={365}
                inputMode="numeric"
                value={draft.everyDays}
                onChange={(e) => onChange({ everyDays: e.target.valueAsNumber })}
              />
            </FormField>
          </div>
        ) : null}
      </div>
      <SwitchRow
        label={t.requireCodeLabel}
        hint={t.requireCodeHint}
        checked={draft.requireCode}
        onChange={(requireCode) => onChange({ requireCode })}
      />
      <SwitchRow
        label={t.downloadLinkLabel(SHARE_LINK_TTL_DAYS)}
        hint={t.downloadLinkHint}
        checked={draft.recipientsDownloadLink}
        onChange={(recipientsDownloadLink) => onChange({ recipientsDownloadLink })}
      />
    </section>
  );
}
