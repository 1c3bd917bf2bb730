import { requestMessages } from '#shared/requests/messages.ts';
import { recipientInputSchema } from '#shared/requests/schemas.ts';
import type { Template } from '#shared/templates/answers.ts';
import type { UseTemplateInput } from '#shared/templates/schemas.ts';
import { expiryInstant } from '#web/lib/expiry.ts';

/** A keyed text field as the use form asks for it. */
export interface KeyedValue {
  key: string;
  defaultValue: string;
  /** The names of the roles whose fields carry it. */
  roles: string[];
  editable: boolean;
}

export interface UseForm {
  /** One per role, in the roles' order. */
  people: Array<{ name: string; email: string }>;
  values: Record<string, string>;
  documentName: string;
  message: string;
  /** YYYY-MM-DD or empty for the template's number of days. */
  expiryDate: string;
}

/** The keys a use fills in, each once, in the order the fields come. */
export function keyedValues(t: Pick<Template, 'roles' | 'fields'>): KeyedValue[] {
  const byKey = new Map<string, KeyedValue>();
  const names = new Map(t.roles.map((r) => [r.position, r.name]));
  for (const f of t.fields) {
    if (!f.key) continue;
    const role = names.get(f.role) ?? '';
    const known = byKey.get(f.key);
    if (known) {
      if (role && !known.roles.includes(role)) known.roles.push(role);
    } else
      byKey.set(f.key, {
        key: f.key,
        defaultValue: f.defaultValue ?? '',
        roles: role ? [role] : [],
        editable: f.editable,
      });
  }
  return [...byKey.values()];
}

export function newUseForm(t: Pick<Template, 'roles' | 'fields'>): UseForm {
  return {
    people: t.roles.map(() => ({ name: '', email: '' })),
    values: Object.fromEntries(keyedValues(t).map((v) => [v.key, v.defaultValue])),
    documentName: '',
    message: '',
    expiryDate: '',
  };
}

/** The browser's checks of the people and the expiry: by place, 'people.0.email', 'expiresAt'. */
export function checkUseForm(form: UseForm, now = Date.now()): Record<string, string> {
  const issues: Record<string, string> = {};
  const seen = new Set<string>();
  form.people.forEach((p, i) => {
    const parsed = recipientInputSchema.pick({ name: true, email: true }).safeParse(p);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        issues[`people.${i}.${String(issue.path[0] ?? 'name')}`] ??= issue.message;
    const email = p.email.trim().toLowerCase();
    if (email && seen.has(email))
      issues[`people.${i}.email`] ??= requestMessages.recipientEmailRepeated(email);
    seen.add(email);
  });
  if (form.expiryDate) {
    const expiry = expiryInstant(form.expiryDate, now);
    if (expiry === null) issues.expiresAt = requestMessages.expiryInvalid;
    else if (expiry <= now) issues.expiresAt = requestMessages.expiryInPast;
  }
  return issues;
}

/** The body of POST /api/templates/{id}/requests; empty optional parts are left to the template. */
export function toUseBody(form: UseForm, now = Date.now()): UseTemplateInput {
  const expiry = form.expiryDate ? expiryInstant(form.expiryDate, now) : null;
  const documentName = form.documentName.trim();
  const message = form.message.trim();
  return {
    recipients: form.people.map((p) => ({ name: p.name.trim(), email: p.email.trim() })),
    values: form.values,
    ...(documentName ? { documentName } : {}),
    ...(message ? { message } : {}),
    ...(expiry !== null ? { expiresAt: new Date(expiry).toISOString() } : {}),
  };
}

/** Where a refusal of the server goes: 'recipients.1.email' is that person's e-mail. */
export function issuesOfUse(data: unknown, message: string): Record<string, string> {
  const body = (typeof data === 'object' && data !== null ? data : {}) as {
    issues?: Array<{ path?: unknown; message?: unknown }>;
    path?: unknown;
  };
  const issues: Record<string, string> = {};
  const place = (path: unknown) => {
    const parts = Array.isArray(path) ? path.map(String) : typeof path === 'string' ? path.split('.') : [];
    if (parts[0] === 'recipients' && parts[1] !== undefined && parts[2])
      return `people.${parts[1]}.${parts[2]}`;
    if (parts[0] === 'values' && parts[1]) return `values.${parts[1]}`;
    if (parts[0] === 'documentName' || parts[0] === 'message' || parts[0] === 'expiresAt') return parts[0];
    return 'form';
  };
  if (Array.isArray(body.issues))
    for (const issue of body.issues)
      if (typeof issue.message === 'string') issues[place(issue.path)] ??= issue.message;
  if (Array.isArray(body.path)) issues[place(body.path)] ??= message;
  if (Object.keys(issues).length === 0) issues.form = message;
  return issues;
}
