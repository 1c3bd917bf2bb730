import type { TemplateRole } from '#shared/templates/answers.ts';

/** A stored time as a medium date in the reader's locale; unreadable input is shown as it came. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** The roles in order, by name: "Client, Landlord". */
export const roleNames = (roles: TemplateRole[]) =>
  roles
    .slice()
    .sort((a, b) => a.position - b.position)
    .map((r) => r.name)
    .join(', ');
