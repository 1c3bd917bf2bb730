import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { requestMessages } from '#shared/requests/messages.ts';
import { REQUEST_MESSAGE_MAX, TEXT_FIELD_MAX } from '#shared/requests/schemas.ts';
import type { Template } from '#shared/templates/answers.ts';
import { TEMPLATE_NAME_MAX } from '#shared/templates/schemas.ts';
import { recipientColour } from '#web/components/fields/colours.ts';
import { ExpiryDateField } from '#web/components/fields/expiry-date-field.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiError } from '#web/lib/api.ts';
import { focusFirstInvalid } from '#web/lib/focus-first-invalid.ts';
import { toast } from '#web/lib/toast.ts';
import { useSendFromTemplate } from '../api/use-template.ts';
import { checkUseForm, keyedValues, newUseForm, toUseBody, issuesOfUse, type UseForm } from '../lib/use.ts';
import { templatesText as t } from '../messages.ts';

/** A person per role, the keyed values, and this request's own name, message and expiry. */
export function UseTemplateForm({ template }: { template: Template }) {
  const [, navigate] = useLocation();
  const [form, setForm] = useState<UseForm>(() => newUseForm(template));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [now] = useState(() => Date.now());
  const send = useSendFromTemplate(template.id);
  const keyed = keyedValues(template);
  const roles = template.roles.slice().sort((a, b) => a.position - b.position);

  // A message goes once its entry is changed; the summary goes with the last of them.
  const edit = (place: string, change: (f: UseForm) => UseForm) => {
    setForm(change);
    setIssues((found) => {
      const { [place]: _gone, form: _form, ...rest } = found;
      return rest;
    });
  };
  const person = (i: number, field: 'name' | 'email', value: string) =>
    edit(`people.${i}.${field}`, (f) => ({
      ...f,
      people: f.people.map((p, j) => (j === i ? { ...p, [field]: value } : p)),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkUseForm(form, now);
    setIssues(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    try {
      const answer = await send.mutateAsync(toUseBody(form));
      toast({ title: t.sentTitle, description: requestMessages.sent, variant: 'success' });
      navigate(`/documents/${answer.request.documentId}`);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t.sendFailed;
      setIssues(
        error instanceof ApiError && error.status === 400
          ? issuesOfUse(error.data, message)
          : { form: message },
      );
      focusFirstInvalid();
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 space-y-6">
      <Card className="space-y-4 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t.peopleTitle}</h2>
        <ol className="space-y-3">
          {roles.map((role, i) => (
            <li
              key={role.position}
              data-testid="use-person"
              className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2"
              style={{ borderLeft: `6px solid ${recipientColour(i)}` }}
            >
              <FormField label={t.personName(role.name)} error={issues[`people.${i}.name`]}>
                <Input
                  value={form.people[i]?.name ?? ''}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(e) => person(i, 'name', e.target.value)}
                />
              </FormField>
              <FormField label={t.personEmail(role.name)} error={issues[`people.${i}.email`]}>
                <Input
                  type="email"
                  inputMode="email"
                  value={form.people[i]?.email ?? ''}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(e) => person(i, 'email', e.target.value)}
                />
              </FormField>
            </li>
          ))}
        </ol>
      </Card>
      {keyed.length > 0 ? (
        <Card className="space-y-4 p-5 sm:p-6">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{t.valuesTitle}</h2>
            <p className="text-sm text-slate-700">{t.valuesHint}</p>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {keyed.map((v) => (
              <FormField
                key={v.key}
                label={v.key}
                hint={
                  [v.roles.join(', '), v.editable ? '' : t.valueLocked].filter(Boolean).join(' · ') ||
                  undefined
                }
                error={issues[`values.${v.key}`]}
              >
                <Input
                  value={form.values[v.key] ?? ''}
                  maxLength={TEXT_FIELD_MAX}
                  autoComplete="off"
                  onChange={(e) =>
                    edit(`values.${v.key}`, (f) => ({
                      ...f,
                      values: { ...f.values, [v.key]: e.target.value },
                    }))
                  }
                />
              </FormField>
            ))}
          </div>
        </Card>
      ) : null}
      <Card className="space-y-4 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t.detailsOptional}</h2>
        <FormField
          label={t.documentNameLabel}
          hint={t.documentNameHint(template.name)}
          error={issues.documentName}
          className="sm:max-w-lg"
        >
          <Input
            value={form.documentName}
            maxLength={TEMPLATE_NAME_MAX}
            autoComplete="off"
            onChange={(e) => edit('documentName', (f) => ({ ...f, documentName: e.target.value }))}
          />
        </FormField>
        <FormField label={t.messageLabel} hint={t.messageHint} error={issues.message}>
          <Textarea
            rows={3}
            maxLength={REQUEST_MESSAGE_MAX}
            value={form.message}
            placeholder={template.message ?? undefined}
            onChange={(e) => edit('message', (f) => ({ ...f, message: e.target.value }))}
          />
        </FormField>
        <ExpiryDateField
          label={t.expiryLabel}
          hint={t.expiryHint(template.expiryDays)}
          error={issues.expiresAt}
          value={form.expiryDate}
          now={now}
          onChange={(expiryDate) => edit('expiresAt', (f) => ({ ...f, expiryDate }))}
        />
      </Card>
      {issues.form ? (
        <Alert tone="error" role="alert" title={t.sendFailed}>
          {issues.form}
        </Alert>
      ) : Object.keys(issues).length > 0 ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t.fixFirst}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
          {send.isPending ? t.sending : t.send}
        </Button>
      </div>
    </form>
  );
}
