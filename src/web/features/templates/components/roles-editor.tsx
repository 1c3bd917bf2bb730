import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { MAX_RECIPIENTS } from '#shared/requests/schemas.ts';
import { ROLE_NAME_MAX } from '#shared/templates/schemas.ts';
import { moveRow } from '#web/components/fields/fields.ts';
import { PartyRow, RoleSelect } from '#web/components/fields/party-row.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { newRole, roleLabel, type Issues, type RoleDraft } from '../lib/editor.ts';
import { templatesText as t } from '../messages.ts';

interface RolesEditorProps {
  roles: RoleDraft[];
  issues: Issues;
  onChange: (roles: RoleDraft[]) => void;
  /** Removing a role removes its fields too. */
  onRemove: (key: string) => void;
}

/** The roles in signing order: a name and how they take part; moved with buttons. */
export function RolesEditor({ roles, issues, onChange, onRemove }: RolesEditorProps) {
  const [announce, setAnnounce] = useState('');
  const update = (key: string, patch: Partial<RoleDraft>) =>
    onChange(roles.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (i: number, by: -1 | 1) => {
    onChange(moveRow(roles, i, by));
    setAnnounce(t.moved(roleLabel(roles[i]!, i), i + by + 1));
  };
  return (
    <section aria-labelledby="roles-title" className="space-y-4">
      <div>
        <h2 id="roles-title" className="text-lg font-semibold text-slate-900">
          {t.rolesTitle}
        </h2>
        <p className="text-sm text-slate-700">{t.rolesHint}</p>
      </div>
      {issues.roles ? (
        <Alert tone="error" role="alert">
          {issues.roles}
        </Alert>
      ) : null}
      {roles.length === 0 ? <p className="text-sm text-slate-700">{t.noRolesYet}</p> : null}
      <ol className="space-y-3">
        {roles.map((r, i) => (
          <PartyRow
            key={r.key}
            testId="role-row"
            index={i}
            count={roles.length}
            removeLast
            heading={t.roleHeading(i + 1)}
            labels={{ up: t.moveUp(i + 1), down: t.moveDown(i + 1), remove: t.remove(i + 1) }}
            onMove={(by) => move(i, by)}
            onRemove={() => onRemove(r.key)}
          >
            <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
              <FormField label={t.roleNameLabel} error={issues[`roles.${i}.name`]}>
                <Input
                  value={r.name}
                  maxLength={ROLE_NAME_MAX}
                  placeholder={t.roleNamePlaceholder}
                  autoComplete="off"
                  onChange={(e) => update(r.key, { name: e.target.value })}
                />
              </FormField>
              <RoleSelect
                label={t.roleTypeLabel}
                error={issues[`roles.${i}.role`]}
                value={r.role}
                onChange={(role) => update(r.key, { role })}
              />
            </div>
          </PartyRow>
        ))}
      </ol>
      <Button
        variant="secondary"
        disabled={roles.length >= MAX_RECIPIENTS}
        onClick={() => onChange([...roles, newRole()])}
      >
        <UserPlus aria-hidden="true" className="size-4" />
        {t.addRole}
      </Button>
      <p role="status" className="sr-only">
        {announce}
      </p>
    </section>
  );
}
