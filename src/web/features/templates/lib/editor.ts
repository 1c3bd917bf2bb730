import type { RecipientRole } from '#shared/requests/schemas.ts';
import { DEFAULT_REMINDERS } from '#shared/requests/schemas.ts';
import type { Template } from '#shared/templates/answers.ts';
import { checkTemplate, templateSettingsShape, type TemplatePatchInput } from '#shared/templates/schemas.ts';
import { newKey, type DraftField, type Party } from '#web/components/fields/fields.ts';
import type { OptionsDraft } from '#web/components/fields/request-options.tsx';
import { roundedRect, type PageSize } from '#web/lib/placement.ts';

/** A role being edited; `key` stays with it when the list is reordered, and links its fields. */
export interface RoleDraft {
  key: string;
  name: string;
  role: RecipientRole;
}

/** What a template's text field holds beyond its place: a key, a default value, whether it may change. */
export interface FieldExtra {
  textKey: string;
  defaultValue: string;
  editable: boolean;
}

export interface EditorDraft extends OptionsDraft {
  name: string;
  roles: RoleDraft[];
  fields: DraftField[];
  /** By field key; a field without an entry has none of them. */
  extras: Record<string, FieldExtra>;
  expiryDays: number;
}

/** Messages by place: 'name', 'roles', 'roles.1.name', 'fields', 'reminders', 'expiryDays', 'form'. */
export type Issues = Record<string, string>;

export const NO_EXTRA: FieldExtra = { textKey: '', defaultValue: '', editable: true };

export const newRole = (role: RecipientRole = 'signer', name = ''): RoleDraft => ({
  key: newKey('role'),
  name,
  role,
});

/** The name a role is shown by: its own, or its place while it has none. */
export const roleLabel = (r: Pick<RoleDraft, 'name'>, index: number) => r.name.trim() || `Role ${index + 1}`;

export const parties = (roles: RoleDraft[]): Party[] =>
  roles.map((r, i) => ({ key: r.key, label: roleLabel(r, i), role: r.role }));

/**
 * The editor's copy of a template. `sizes` holds the size of each page the fields are on, for
 * keeping them on it; a page not found (the file changed) counts as unbounded.
 */
export function fromTemplate(t: Template, sizes: ReadonlyMap<number, PageSize>): EditorDraft {
  const roles = t.roles
    .slice()
    .sort((a, b) => a.position - b.position)
    .map((r) => newRole(r.role, r.name));
  const extras: Record<string, FieldExtra> = {};
  const fields: DraftField[] = [];
  for (const f of t.fields) {
    const role = roles[f.role];
    if (!role) continue;
    const key = newKey('f');
    fields.push({
      key,
      recipientKey: role.key,
      type: f.type,
      page: f.page,
      rect: { ...f.rect },
      pageSize: sizes.get(f.page) ?? { width: Number.MAX_SAFE_INTEGER, height: Number.MAX_SAFE_INTEGER },
      required: f.required,
    });
    if (f.key || f.defaultValue || !f.editable)
      extras[key] = { textKey: f.key ?? '', defaultValue: f.defaultValue ?? '', editable: f.editable };
  }
  const reminders = t.reminders ?? DEFAULT_REMINDERS;
  return {
    name: t.name,
    roles,
    fields,
    extras,
    order: t.order,
    message: t.message ?? '',
    expiryDays: t.expiryDays,
    remindersOn: t.reminders !== null,
    firstAfterDays: reminders.firstAfterDays,
    everyDays: reminders.everyDays,
    requireCode: t.requireCode,
    recipientsDownloadLink: t.recipientsDownloadLink,
  };
}

/** The body of PATCH /api/templates/{id}: the whole template but its file. */
export function toPatch(d: EditorDraft): Required<Omit<TemplatePatchInput, 'fields'>> & {
  fields: NonNullable<TemplatePatchInput['fields']>;
} {
  const index = new Map(d.roles.map((r, i) => [r.key, i]));
  return {
    name: d.name.trim(),
    roles: d.roles.map((r) => ({ name: r.name.trim(), role: r.role })),
    fields: d.fields
      .filter((f) => index.has(f.recipientKey))
      .map((f) => {
        const extra = f.type === 'text' ? (d.extras[f.key] ?? NO_EXTRA) : NO_EXTRA;
        return {
          role: index.get(f.recipientKey)!,
          type: f.type,
          page: f.page,
          rect: roundedRect(f.rect, f.pageSize),
          required: f.required,
          key: extra.textKey.trim() || null,
          defaultValue: extra.defaultValue || null,
          editable: extra.editable,
        };
      }),
    order: d.order,
    message: d.message.trim() || null,
    expiryDays: d.expiryDays,
    reminders: d.remindersOn ? { firstAfterDays: d.firstAfterDays, everyDays: d.everyDays } : null,
    requireCode: d.requireCode,
    recipientsDownloadLink: d.recipientsDownloadLink,
  };
}

const savedShape = templateSettingsShape.superRefine(checkTemplate);

/** The browser's checks before saving; the server repeats each one with the same messages. */
export function checkDraft(d: EditorDraft): Issues {
  const parsed = savedShape.safeParse(toPatch(d));
  return parsed.success ? {} : placeIssues(parsed.error.issues);
}

/**
 * Where each message is shown: a role's name beside it, anything about fields above the page,
 * the reminders' two numbers together, anything else on its own control or above the form.
 */
export function placeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const placed: Issues = {};
  for (const issue of issues) placed[placeOf(issue.path)] ??= issue.message;
  return placed;
}

export function placeOf(path: ReadonlyArray<PropertyKey>): string {
  const [head, index, leaf] = path.map(String);
  if (!head) return 'form';
  if (head === 'fields' || head === 'reminders') return head;
  if (head === 'roles') return index !== undefined && leaf ? `roles.${index}.${leaf}` : 'roles';
  return head;
}

/** Where a 400 of the server belongs: schema errors carry `issues`, the service's own checks a `path`. */
export function serverIssues(data: unknown, message: string): Issues {
  const body = (typeof data === 'object' && data !== null ? data : {}) as {
    issues?: Array<{ path?: unknown; message?: unknown }>;
    path?: unknown;
  };
  const found: Array<{ path: PropertyKey[]; message: string }> = [];
  if (Array.isArray(body.issues))
    for (const issue of body.issues)
      if (typeof issue.message === 'string') found.push({ path: pathOf(issue.path), message: issue.message });
  if (Array.isArray(body.path)) found.push({ path: body.path as PropertyKey[], message });
  const placed = placeIssues(found);
  if (Object.keys(placed).length === 0) placed.form = message;
  return placed;
}

const pathOf = (path: unknown): PropertyKey[] =>
  Array.isArray(path) ? (path as PropertyKey[]) : typeof path === 'string' && path ? path.split('.') : [];

/** Fields of a role that is gone go with it. */
export function removeRole(d: EditorDraft, key: string): Pick<EditorDraft, 'roles' | 'fields'> {
  return {
    roles: d.roles.filter((r) => r.key !== key),
    fields: d.fields.filter((f) => f.recipientKey !== key),
  };
}
