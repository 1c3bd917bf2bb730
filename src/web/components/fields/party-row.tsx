import type { ReactNode } from 'react';
import { recipientRoles, type RecipientRole } from '#shared/requests/schemas.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { recipientColour } from './colours.ts';
import { RowButtons } from './row-buttons.tsx';
import { fieldsText } from './texts.ts';

interface PartyRowProps {
  index: number;
  count: number;
  heading: string;
  labels: { up: string; down: string; remove: string };
  removeLast?: boolean;
  testId: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  children: ReactNode;
}

/** A recipient's or a role's row in signing order, in their colour, with its move and remove buttons. */
export function PartyRow(props: PartyRowProps) {
  const colour = recipientColour(props.index);
  return (
    <li
      data-testid={props.testId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      style={{ borderLeft: `6px solid ${colour}` }}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold" style={{ color: colour }}>
          {props.heading}
        </h3>
        <RowButtons
          index={props.index}
          count={props.count}
          removeLast={props.removeLast}
          labels={props.labels}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
      </div>
      {props.children}
    </li>
  );
}

/** How a party takes part: signer, approver or viewer. */
export function RoleSelect(props: {
  label: string;
  error?: string;
  value: RecipientRole;
  onChange: (role: RecipientRole) => void;
}) {
  return (
    <FormField label={props.label} error={props.error}>
      <Select value={props.value} onChange={(e) => props.onChange(e.target.value as RecipientRole)}>
        {recipientRoles.map((role) => (
          <option key={role} value={role}>
            {fieldsText.roles[role]}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
