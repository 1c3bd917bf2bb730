import { z } from 'zod';
import { linkSettingsSchema, linkSubmission, submissionsQuery, templateLink } from '../templates/links.ts';

const s = linkSettingsSchema.shape;

/** A template's public signing link, as the API names it. */
export const apiTemplateLink = templateLink
  .extend({
    path: templateLink.shape.path.describe('The path visitors open on this instance: `/d/{slug}`.'),
    openRole: templateLink.shape.openRole.describe('The position of the role any visitor fills.'),
    state: templateLink.shape.state.describe(
      'open; paused by its owner; expired; or exhausted (its maximum of submissions reached).',
    ),
  })
  .meta({ id: 'TemplateLink' });

/** PUT /api/v1/templates/{id}/link */
export const templateLinkBody = linkSettingsSchema
  .extend({
    openRole: s.openRole.describe('The position of the role any visitor fills; it must sign or approve.'),
    assignees: s.assignees.describe('A person for each other role, by role position.'),
    expiresAt: s.expiresAt.describe('When the link stops taking visitors (ISO 8601); null for never.'),
    maxSubmissions: s.maxSubmissions.describe('How many requests the link may make; null for no limit.'),
  })
  .meta({ id: 'TemplateLinkSettings' });

export const apiLinkSubmission = linkSubmission.meta({ id: 'TemplateLinkSubmission' });
export const apiSubmissionsPage = z
  .object({ items: z.array(apiLinkSubmission), total: z.number() })
  .meta({ id: 'TemplateLinkSubmissions' });
export const apiSubmissionsQuery = submissionsQuery;
