import { holdsStamp, MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import { requestMessages as m } from '#shared/requests/messages.ts';
import {
  DEFAULT_REMINDERS,
  MAX_FIELDS,
  MAX_RECIPIENTS,
  REQUEST_DEFAULT_EXPIRY_DAYS,
  REQUEST_MAX_EXPIRY_DAYS,
  REQUEST_MESSAGE_MAX,
  recipientInputSchema,
  remindersSchema,
  type CreateRequestInput,
  type RecipientRole,
} from '#shared/requests/schemas.ts';
import { newKey, type DraftField } from '#web/components/fields/fields.ts';
import type { OptionsDraft } from '#web/components/fields/request-options.tsx';
import { addDays, expiryInstant } from '#web/lib/expiry.ts';
import { roundedRect } from '#web/lib/placement.ts';

export { addDays, expiryInstant, isoDay } from '#web/lib/expiry.ts';
export { moveRow as moveRecipient } from '#web/components/fields/fields.ts';

/** A recipient being composed; `key` stays with them when the list is reordered. */
export interface DraftRecipient {
  key: string;
  name: string;
  email: string;
  role: RecipientRole;
}

export interface Draft extends OptionsDraft {
  recipients: DraftRecipient[];
  /** YYYY-MM-DD, the last day the links work (until its end, local time). */
  expiryDate: string;
  fields: DraftField[];
}

/** Messages by place: 'recipients.1.email', 'recipients', 'expiresAt', 'fields', … */
export type Issues = Record<string, string>;

export const newRecipient = (role: RecipientRole = 'signer', name = '', email = ''): DraftRecipient => ({
  key: newKey('r'),
  name,
  email,
  role,
});

export function newDraft(now = Date.now()): Draft {
  return {
    recipients: [newRecipient()],
    order: 'sequential',
    message: '',
    expiryDate: addDays(now, REQUEST_DEFAULT_EXPIRY_DAYS),
    remindersOn: true,
    firstAfterDays: DEFAULT_REMINDERS.firstAfterDays,
    everyDays: DEFAULT_REMINDERS.everyDays,
    requireCode: true,
    recipientsDownloadLink: true,
    fields: [],
  };
}

/** The client's checks of the first step; the server repeats every one with the same messages. */
export function checkCompose(draft: Draft, now = Date.now()): Issues {
  const issues: Issues = {};
  if (draft.recipients.length === 0) issues.recipients = m.recipientsRequired;
  if (draft.recipients.length > MAX_RECIPIENTS) issues.recipients = m.tooManyRecipients;
  const seen = new Set<string>();
  draft.recipients.forEach((r, i) => {
    const parsed = recipientInputSchema.safeParse(r);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const place = `recipients.${i}.${String(issue.path[0] ?? 'name')}`;
        issues[place] ??= issue.message;
      }
    const email = r.email.trim().toLowerCase();
    if (email && seen.has(email)) issues[`recipients.${i}.email`] ??= m.recipientEmailRepeated(email);
    seen.add(email);
  });
  if (draft.recipients.length > 0 && draft.recipients.every((r) => r.role === 'viewer'))
    issues.recipients ??= m.nobodyActs;
  if (draft.message.trim().length > REQUEST_MESSAGE_MAX) issues.message = m.messageTooLong;
  const expiry = expiryInstant(draft.expiryDate, now);
  if (expiry === null) issues.expiresAt = m.expiryInvalid;
  else if (expiry <= now) issues.expiresAt = m.expiryInPast;
  else if (draft.expiryDate > addDays(now, REQUEST_MAX_EXPIRY_DAYS)) issues.expiresAt = m.expiryTooFar;
  if (
    draft.remindersOn &&
    !remindersSchema.safeParse({ firstAfterDays: draft.firstAfterDays, everyDays: draft.everyDays }).success
  )
    issues.reminders = m.remindersInvalid;
  return issues;
}

/** The checks before sending: every signer has a signature field, viewers have none. */
export function checkFields(draft: Draft): string[] {
  const problems: string[] = [];
  if (draft.fields.length > MAX_FIELDS) problems.push(m.tooManyFields);
  if (draft.fields.some((f) => f.type === 'signature' && !holdsStamp(f.rect.width, f.rect.height)))
    problems.push(m.signatureFieldTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height));
  for (const r of draft.recipients) {
    const own = draft.fields.filter((f) => f.recipientKey === r.key);
    if (r.role === 'viewer' && own.length > 0) problems.push(m.fieldsForViewer(displayName(r)));
    if (r.role === 'signer' && !own.some((f) => f.type === 'signature'))
      problems.push(m.signerWithoutSignature(displayName(r)));
  }
  return problems;
}

export const displayName = (r: Pick<DraftRecipient, 'name' | 'email'>) => r.name.trim() || r.email.trim();

/** The body of POST /api/documents/{id}/requests. */
export function toCreateBody(draft: Draft, now = Date.now()): CreateRequestInput {
  const index = new Map(draft.recipients.map((r, i) => [r.key, i]));
  const expiry = expiryInstant(draft.expiryDate, now);
  const message = draft.message.trim();
  return {
    recipients: draft.recipients.map((r) => ({ name: r.name.trim(), email: r.email.trim(), role: r.role })),
    order: draft.order,
    ...(message ? { message } : {}),
    ...(expiry !== null ? { expiresAt: new Date(expiry).toISOString() } : {}),
    reminders: draft.remindersOn
      ? { firstAfterDays: draft.firstAfterDays, everyDays: draft.everyDays }
      : null,
    requireCode: draft.requireCode,
    recipientsDownloadLink: draft.recipientsDownloadLink,
    fields: draft.fields
      .filter((f) => index.has(f.recipientKey))
      .map((f) => ({
        recipient: index.get(f.recipientKey)!,
        type: f.type,
        page: f.page,
        rect: roundedRect(f.rect, f.pageSize),
        required: f.required,
      })),
  };
}

/**
 * Where a 400 of the server belongs: schema errors carry `issues` with dotted paths, the service's
 * own checks a `path` array. The message goes on that field, or above the form when it has none.
 */
export function serverIssues(data: unknown, message: string): Issues {
  const issues: Issues = {};
  const body = (typeof data === 'object' && data !== null ? data : {}) as {
    issues?: Array<{ path?: unknown; message?: unknown }>;
    path?: unknown;
  };
  if (Array.isArray(body.issues))
    for (const issue of body.issues)
      if (typeof issue.message === 'string') issues[placeOf(issue.path)] ??= issue.message;
  if (Array.isArray(body.path)) issues[placeOf(body.path.join('.'))] ??= message;
  if (Object.keys(issues).length === 0) issues.form = message;
  return issues;
}

/** 'recipients.1.email' stays; a path into the fields or reminders is shown for the whole part. */
function placeOf(path: unknown): string {
  const p = typeof path === 'string' ? path : '';
  if (!p) return 'form';
  if (p.startsWith('fields')) return 'fields';
  if (p.startsWith('reminders')) return 'reminders';
  if (/^recipients\.\d+$/.test(p)) return 'fields';
  return p;
}
