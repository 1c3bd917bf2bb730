import { z } from 'zod';
import { isoTime, messageAnswer } from '#shared/answers.ts';
import { fieldTypes, recipientRoles, signingOrders } from '#shared/requests/answers.ts';

export const templateRole = z.object({
  /** 0-based: the role's place in the signing order, and how fields and uses name it. */
  position: z.number(),
  /** What the role is called, e.g. "Client". */
  name: z.string(),
  role: z.enum(recipientRoles),
});
export type TemplateRole = z.infer<typeof templateRole>;

export const templateField = z.object({
  /** The position of the role that fills it. */
  role: z.number(),
  type: z.enum(fieldTypes),
  /** 1-based. */
  page: z.number(),
  /** Points of the page as displayed, origin top-left, y downwards. */
  rect: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  required: z.boolean(),
  /** A text field's key: its value may be given at each use (e.g. `rent`); null when none. */
  key: z.string().nullable(),
  /** The value used when a use gives none; null when none. */
  defaultValue: z.string().nullable(),
  /** Whether the recipient may change a value given for it. */
  editable: z.boolean(),
});
export type TemplateField = z.infer<typeof templateField>;

/** A template as its owner sees and edits it. */
export const template = z.object({
  id: z.number(),
  name: z.string(),
  /** Pages of its file; 0 once the file is gone. */
  pageCount: z.number(),
  /** False once the file was deleted: the template cannot be used, only deleted. */
  fileAvailable: z.boolean(),
  /** Roles and fields make a request that could be sent (a signature field per signing role, …). */
  ready: z.boolean(),
  roles: z.array(templateRole),
  fields: z.array(templateField),
  order: z.enum(signingOrders),
  message: z.string().nullable(),
  /** Days each request made from it stays open. */
  expiryDays: z.number(),
  reminders: z.object({ firstAfterDays: z.number(), everyDays: z.number() }).nullable(),
  requireCode: z.boolean(),
  recipientsDownloadLink: z.boolean(),
  /** Requests made from it so far. */
  uses: z.number(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Template = z.infer<typeof template>;

export const templateSummary = template.pick({
  id: true,
  name: true,
  pageCount: true,
  fileAvailable: true,
  ready: true,
  roles: true,
  uses: true,
  createdAt: true,
  updatedAt: true,
});
export type TemplateSummary = z.infer<typeof templateSummary>;

/** GET /api/templates?q=&page=&pageSize=: newest change first. */
export const templateListAnswer = z.object({ items: z.array(templateSummary), total: z.number() });
export type TemplateListResponse = z.infer<typeof templateListAnswer>;

/** A template made, changed or copied: `{ message, template }`. */
export const templateAnswer = messageAnswer.extend({ template });
export type TemplateResponse = z.infer<typeof templateAnswer>;
