import { z } from 'zod';
import { isoTime, messageAnswer } from '#shared/answers.ts';
import { requestStatus } from '#shared/requests/answers.ts';
import { requestMessages } from '#shared/requests/messages.ts';
import { MAX_RECIPIENTS, recipientInputSchema, verifyCodeSchema } from '#shared/requests/schemas.ts';

/**
 * A template's public link (`/d/{slug}`): one open role any visitor fills after confirming their
 * e-mail address with a mailed code; the other roles filled by the people set with the link.
 *
 * Errors of the public routes: 404 for an unknown link, 409 (`code: 'link_paused'`) while its
 * owner has paused it (it may open again), 410 once it has expired (`link_expired`) or reached its
 * maximum number of submissions (`link_exhausted`): neither comes back without the owner.
 */

/** The slug: 128 random bits in base64url. */
export const LINK_SLUG_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const MAX_LINK_SUBMISSIONS = 100_000;

export const linkMessages = {
  notFound: 'This signing link does not exist. Check the address, or ask the sender for the right link.',
  paused: 'This signing link is paused by its sender. Try again later, or contact the sender.',
  expired: 'This signing link has expired. Ask the sender for a new one if you still need to sign.',
  exhausted:
    'This signing link has reached its number of submissions. Ask the sender for a new one if you still need to sign.',
  openRoleInvalid: 'Choose which role the visitors of the link fill.',
  openRoleViewer: 'The visitors of the link must sign or approve: choose a role that does.',
  assigneesRequired: (names: string[]) => `Give a name and an e-mail address for ${names.join(', ')}.`,
  assigneeRoleInvalid: 'A person is given for a role the template does not have, or for the open role.',
  expiryInPast: 'Choose an expiry in the future, or none.',
  maxInvalid: `The maximum number of submissions is a whole number from 1 to ${MAX_LINK_SUBMISSIONS.toLocaleString('en')}, or none.`,
  notSetUp: 'This template has no public link yet.',
  saved: 'Public link saved.',
  deleted: 'Public link turned off. Its address no longer works; the requests made through it stay.',
  needsSetup:
    'The template changed since its public link was set up. Its sender must review the link before it can be used.',
  codeSent: (email: string) => `We have sent a 6-digit code to ${email}. It expires in 10 minutes.`,
  codeNeeded: 'Enter your name and e-mail address first: we send you a code.',
  verified: 'Thank you: your e-mail address is confirmed. Your document is ready to sign.',
  tooManyCalls: 'Too many requests for this link. Please wait a while and try again.',
  tooManyCodes: 'Several codes have been asked for in the last hour. Please wait before asking again.',
} as const;

export const linkStates = ['open', 'paused', 'expired', 'exhausted'] as const;
export type LinkState = (typeof linkStates)[number];

const assigneeInput = recipientInputSchema.pick({ name: true, email: true });

/** PUT /api/templates/{id}/link: made at the first PUT (with a new slug), changed by the next. */
export const linkSettingsSchema = z.object({
  /** The position of the role visitors fill. */
  openRole: z
    .number({ error: linkMessages.openRoleInvalid })
    .int(linkMessages.openRoleInvalid)
    .min(0, linkMessages.openRoleInvalid)
    .max(MAX_RECIPIENTS - 1, linkMessages.openRoleInvalid),
  /** A person for each other role, by role position. */
  assignees: z
    .array(
      assigneeInput.extend({
        role: z
          .number()
          .int()
          .min(0)
          .max(MAX_RECIPIENTS - 1),
      }),
    )
    .max(MAX_RECIPIENTS)
    .default([]),
  paused: z.boolean().default(false),
  /** ISO 8601, or null for none. */
  expiresAt: z.iso.datetime({ offset: true, error: requestMessages.expiryInvalid }).nullable().default(null),
  maxSubmissions: z
    .number({ error: linkMessages.maxInvalid })
    .int(linkMessages.maxInvalid)
    .min(1, linkMessages.maxInvalid)
    .max(MAX_LINK_SUBMISSIONS, linkMessages.maxInvalid)
    .nullable()
    .default(null),
});
export type LinkSettingsInput = z.input<typeof linkSettingsSchema>;
export type LinkSettings = z.output<typeof linkSettingsSchema>;

/** The link as its owner sees it. */
export const templateLink = z.object({
  templateId: z.number(),
  slug: z.string(),
  /** The path visitors open (`/d/{slug}`). */
  path: z.string(),
  openRole: z.number(),
  assignees: z.array(z.object({ role: z.number(), name: z.string(), email: z.string() })),
  paused: z.boolean(),
  expiresAt: isoTime.nullable(),
  maxSubmissions: z.number().nullable(),
  submissions: z.number(),
  state: z.enum(linkStates),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type TemplateLink = z.infer<typeof templateLink>;

/** GET /api/templates/{id}/link: null while it has none. */
export const templateLinkAnswer = z.object({ link: templateLink.nullable() });
export type TemplateLinkResponse = z.infer<typeof templateLinkAnswer>;
export const linkSavedAnswer = messageAnswer.extend({ link: templateLink });

export const submissionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const linkSubmission = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  createdAt: isoTime,
  /** Null once the request was deleted. */
  requestId: z.number().nullable(),
  documentId: z.number().nullable(),
  status: requestStatus.nullable(),
});
export type LinkSubmission = z.infer<typeof linkSubmission>;
/** GET /api/templates/{id}/link/submissions: newest first. */
export const submissionsAnswer = z.object({ items: z.array(linkSubmission), total: z.number() });
export type SubmissionsResponse = z.infer<typeof submissionsAnswer>;

// the visitor's side (/api/d/{slug})

export const slugParams = z.object({ slug: z.string().max(64) });

/** GET /api/d/{slug}: what the page shows before anything is asked. */
export const publicLinkAnswer = z.object({
  templateName: z.string(),
  senderName: z.string(),
  openRole: z.string(),
  state: z.enum(linkStates),
});
export type PublicLinkResponse = z.infer<typeof publicLinkAnswer>;

/** POST /api/d/{slug}/start */
export const linkStartSchema = assigneeInput;
export type LinkStartInput = z.input<typeof linkStartSchema>;
export const linkStartAnswer = messageAnswer.extend({ expiresAt: isoTime });

/** POST /api/d/{slug}/verify */
export const linkVerifySchema = verifyCodeSchema;
/** Where the visitor signs: their own recipient page, the code counted for this browser. */
export const linkVerifyAnswer = messageAnswer.extend({ signUrl: z.string() });
export type LinkVerifyResponse = z.infer<typeof linkVerifyAnswer>;
