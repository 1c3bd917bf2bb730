import { z } from 'zod';
import { multiLineText, singleLineText } from '#shared/text.ts';
import { holdsStamp, MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import { DOCUMENT_NAME_MAX } from '#shared/documents/schemas.ts';
import {
  fieldRectSchema,
  fieldTypes,
  MAX_FIELDS,
  MAX_RECIPIENTS,
  recipientInputSchema,
  recipientRoles,
  remindersSchema,
  REQUEST_DEFAULT_EXPIRY_DAYS,
  REQUEST_MAX_EXPIRY_DAYS,
  REQUEST_MESSAGE_MAX,
  DEFAULT_REMINDERS,
  signingOrders,
  TEXT_FIELD_MAX,
} from '#shared/requests/schemas.ts';
import { requestMessages } from '#shared/requests/messages.ts';
import { templateMessages as m } from './messages.ts';

export const TEMPLATE_NAME_MAX = DOCUMENT_NAME_MAX;
export const ROLE_NAME_MAX = 60;
/** A field key: what a use, a CSV column or the API names a value by. */
export const FIELD_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export const templateNameSchema = singleLineText(m.nameRequired)
  .min(1, m.nameRequired)
  .max(TEMPLATE_NAME_MAX, m.nameTooLong);

export const templateRoleInput = z.object({
  name: singleLineText(m.roleNameRequired).min(1, m.roleNameRequired).max(ROLE_NAME_MAX, m.roleNameTooLong),
  role: z.enum(recipientRoles, { error: requestMessages.roleInvalid }).default('signer'),
});

export const templateFieldInput = z.object({
  /** Index into `roles`. */
  role: z
    .number()
    .int()
    .min(0)
    .max(MAX_RECIPIENTS - 1),
  type: z.enum(fieldTypes, { error: requestMessages.fieldTypeInvalid }),
  page: z.number().int().min(1).max(1_000_000),
  rect: fieldRectSchema,
  required: z.boolean().default(true),
  key: z
    .string()
    .regex(FIELD_KEY_PATTERN, m.keyInvalid)
    .nullable()
    .default(null)
    .or(z.literal('').transform(() => null)),
  defaultValue: multiLineText()
    .max(TEXT_FIELD_MAX, m.defaultTooLong)
    .nullable()
    .default(null)
    .transform((s) => s || null),
  editable: z.boolean().default(true),
});
export type TemplateFieldInput = z.input<typeof templateFieldInput>;

/** Everything a template holds but its file; each part optional when changing one (PATCH). */
export const templateSettingsShape = z.object({
  name: templateNameSchema,
  roles: z.array(templateRoleInput).max(MAX_RECIPIENTS, m.tooManyRoles),
  fields: z.array(templateFieldInput).max(MAX_FIELDS, requestMessages.tooManyFields),
  order: z.enum(signingOrders, { error: requestMessages.orderInvalid }),
  message: multiLineText()
    .max(REQUEST_MESSAGE_MAX, requestMessages.messageTooLong)
    .nullable()
    .transform((s) => s || null),
  expiryDays: z
    .number({ error: m.expiryDaysInvalid })
    .int(m.expiryDaysInvalid)
    .min(1, m.expiryDaysInvalid)
    .max(REQUEST_MAX_EXPIRY_DAYS, m.expiryDaysInvalid),
  reminders: remindersSchema.nullable(),
  requireCode: z.boolean(),
  recipientsDownloadLink: z.boolean(),
});
export type TemplateSettings = z.output<typeof templateSettingsShape>;

export const TEMPLATE_DEFAULTS: Omit<TemplateSettings, 'name'> = {
  roles: [],
  fields: [],
  order: 'sequential',
  message: null,
  expiryDays: REQUEST_DEFAULT_EXPIRY_DAYS,
  reminders: { ...DEFAULT_REMINDERS },
  requireCode: true,
  recipientsDownloadLink: true,
};

type RuleInput = Pick<TemplateSettings, 'roles' | 'fields'>;

/**
 * Rules across roles and fields, for every template saved: names and keys unique, fields of roles
 * that exist and fill something, stamps that fit. `complete` adds what a use needs (a role that
 * acts, a signature field per signing role), which a template on its way may still lack.
 */
export function checkTemplate(t: RuleInput, ctx: z.RefinementCtx) {
  const names = new Set<string>();
  t.roles.forEach((r, i) => {
    const folded = r.name.toLowerCase();
    if (names.has(folded))
      ctx.addIssue({ code: 'custom', message: m.roleNameRepeated(r.name), path: ['roles', i, 'name'] });
    names.add(folded);
  });
  const keys = new Set<string>();
  t.fields.forEach((f, i) => {
    const role = t.roles[f.role];
    if (!role)
      ctx.addIssue({ code: 'custom', message: m.fieldRoleMissing(f.role), path: ['fields', i, 'role'] });
    else if (role.role === 'viewer')
      ctx.addIssue({ code: 'custom', message: m.fieldsForViewer(role.name), path: ['fields', i, 'role'] });
    if (f.type === 'signature' && !holdsStamp(f.rect.width, f.rect.height))
      ctx.addIssue({
        code: 'custom',
        message: requestMessages.signatureFieldTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height),
        path: ['fields', i, 'rect'],
      });
    if ((f.key || f.defaultValue) && f.type !== 'text')
      ctx.addIssue({ code: 'custom', message: m.keyOnlyForText, path: ['fields', i, 'key'] });
    if (f.key) {
      const folded = f.key.toLowerCase();
      if (keys.has(folded))
        ctx.addIssue({ code: 'custom', message: m.keyRepeated(f.key), path: ['fields', i, 'key'] });
      keys.add(folded);
    }
  });
}

/** What a template must hold before a request can be made from it; [] when it is ready. */
export function missingForUse(t: RuleInput): { message: string; path: (string | number)[] }[] {
  if (t.roles.length === 0) return [{ message: m.rolesRequired, path: ['roles'] }];
  const missing: { message: string; path: (string | number)[] }[] = [];
  if (!t.roles.some((r) => r.role !== 'viewer'))
    missing.push({ message: requestMessages.nobodyActs, path: ['roles'] });
  t.roles.forEach((r, i) => {
    if (r.role === 'signer' && !t.fields.some((f) => f.role === i && f.type === 'signature'))
      missing.push({ message: m.signerWithoutSignature(r.name), path: ['roles', i] });
  });
  return missing;
}

/** POST /api/templates (multipart: `file`, `name`) makes one from an upload; this from a document. */
export const templateFromDocumentSchema = z.object({ name: templateNameSchema.optional() });

/** PATCH /api/templates/{id}: the parts to change; the template as a whole must keep the rules. */
export const templatePatchSchema = templateSettingsShape.partial();
export type TemplatePatchInput = z.input<typeof templatePatchSchema>;

/** POST /api/templates/{id}/requests: a person for each role, values for keyed fields. */
export const useTemplateSchema = z.object({
  /** One per role, in the roles' order. */
  recipients: z
    .array(recipientInputSchema.pick({ name: true, email: true }))
    .min(1)
    .max(MAX_RECIPIENTS, requestMessages.tooManyRecipients),
  /** By field key; a key the template lacks is refused. */
  values: z.record(z.string(), z.string()).default({}),
  /** The new document's name; the template's by default. */
  documentName: singleLineText().max(DOCUMENT_NAME_MAX, m.documentNameTooLong).optional(),
  message: multiLineText()
    .max(REQUEST_MESSAGE_MAX, requestMessages.messageTooLong)
    .optional()
    .transform((s) => s || undefined),
  /** ISO 8601; the template's number of days from now by default. */
  expiresAt: z.iso.datetime({ offset: true, error: requestMessages.expiryInvalid }).optional(),
});
export type UseTemplateInput = z.input<typeof useTemplateSchema>;
export type UseTemplateBody = z.output<typeof useTemplateSchema>;

export const templateListQuery = z.object({
  q: singleLineText().max(TEMPLATE_NAME_MAX).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
