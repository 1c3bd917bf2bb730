import { UserPlus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { MAX_RECIPIENTS } from '#shared/requests/schemas.ts';
import { PartyRow, RoleSelect } from '#web/components/fields/party-row.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useUser } from '#web/lib/session/get-user.ts';
import { displayName, moveRecipient, newRecipient, type DraftRecipient, type Issues } from '../lib/draft.ts';
import { composeText as t } from '../messages.ts';

interface RecipientsEditorProps {
  recipients: DraftRecipient[];
  issues: Issues;
  onChange: (recipients: DraftRecipient[]) => void;
}

/** The recipients in signing order: name, e-mail, role; moved with buttons (keyboard and touch alike). */
export function RecipientsEditor({ recipients, issues, onChange }: RecipientsEditorProps) {
  const user = useUser().data;
  const [announce, setAnnounce] = useState('');
  const full = recipients.length >= MAX_RECIPIENTS;
  const mine = user
    ? recipients.some((r) => r.email.trim().toLowerCase() === user.email.toLowerCase())
    : true;

  const update = (key: string, patch: Partial<DraftRecipient>) =>
    onChange(recipients.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = moveRecipient(recipients, i, by);
    onChange(next);
    const r = recipients[i]!;
    setAnnounce(t.moved(displayName(r) || t.recipientHeading(i + 1), i + by + 1));
  };

  return (
    <section aria-labelledby="recipients-title" className="space-y-4">
      <div>
        <h2 id="recipients-title" className="text-lg font-semibold text-slate-900">
          {t.recipientsTitle}
        </h2>
        <p className="text-sm text-slate-700">{t.recipientsHint}</p>
      </div>
      {issues.recipients ? (
        <Alert tone="error" role="alert">
          {issues.recipients}
        </Alert>
      ) : null}
      <ol className="space-y-3">
        {recipients.map((r, i) => (
          <PartyRow
            key={r.key}
            testId="recipient-row"
            index={i}
            count={recipients.length}
            heading={t.recipientHeading(i + 1)}
            labels={{ up: t.moveUp(i + 1), down: t.moveDown(i + 1), remove: t.remove(i + 1) }}
            onMove={(by) => move(i, by)}
            onRemove={() => onChange(recipients.filter((x) => x.key !== r.key))}
          >
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_12rem]">
              <FormField label={t.nameLabel} error={issues[`recipients.${i}.name`]}>
                <Input
                  value={r.name}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(e) => update(r.key, { name: e.target.value })}
                />
              </FormField>
              <FormField label={t.emailLabel} error={issues[`recipients.${i}.email`]}>
                <Input
                  type="email"
                  value={r.email}
                  maxLength={100}
                  autoComplete="off"
                  inputMode="email"
                  onChange={(e) => update(r.key, { email: e.target.value })}
                />
              </FormField>
              <RoleSelect
                label={t.roleLabel}
                error={issues[`recipients.${i}.role`]}
                value={r.role}
                onChange={(role) => update(r.key, { role })}
              />
            </div>
          </PartyRow>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={full} onClick={() => onChange([...recipients, newRecipient()])}>
          <UserPlus aria-hidden="true" className="size-4" />
          {t.addRecipient}
        </Button>
        {user && !mine ? (
          <Button
            variant="secondary"
            disabled={full}
            onClick={() => {
              const me = newRecipient('signer', user.name ?? '', user.email);
              // An empty first row is replaced rather than left for the owner to remove.
              const blank = recipients.length === 1 && !recipients[0]!.name && !recipients[0]!.email;
              onChange(blank ? [me] : [...recipients, me]);
            }}
          >
            <UserRound aria-hidden="true" className="size-4" />
            {t.includeMyself}
          </Button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {announce}
      </p>
    </section>
  );
}
