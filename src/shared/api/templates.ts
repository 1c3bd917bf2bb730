import { z } from 'zod';
import { template, templateField, templateRole } from '../templates/answers.ts';
import { checkTemplate, templateSettingsShape, useTemplateSchema } from '../templates/schemas.ts';
import { pageOf, pageQuery } from './common.ts';
import { apiFieldRect } from './requests.ts';

export const apiTemplateRole = templateRole.meta({
  id: 'TemplateRole',
  description: 'A role instead of a person (e.g. "Client"): each use names who takes it.',
});

export const apiTemplateField = templateField
  .extend({
    role: templateField.shape.role.describe('The position of the role that fills it.'),
    rect: apiFieldRect,
    key: templateField.shape.key.describe(
      "A text field's key: a use gives its value in `values` (e.g. `rent`); null when none.",
    ),
  })
  .meta({ id: 'TemplateField' });

export const apiTemplate = template
  .extend({ roles: z.array(apiTemplateRole), fields: z.array(apiTemplateField) })
  .meta({ id: 'Template' });

export const templatePage = pageOf(apiTemplate).meta({ id: 'TemplatePage' });
export const templateListQuery = pageQuery;

const s = templateSettingsShape.shape;

/** POST /api/v1/templates: from one of the token owner's documents (a copy of its original). */
export const createTemplateBody = templateSettingsShape
  .partial()
  .extend({
    documentId: z
      .number()
      .int()
      .positive()
      .describe('The document whose original file the template copies; the document stays as it is.'),
    name: s.name.optional().describe("The template's name; the document's by default."),
  })
  .superRefine((t, ctx) => checkTemplate({ roles: t.roles ?? [], fields: t.fields ?? [] }, ctx))
  .meta({ id: 'CreateTemplate' });

/** PATCH /api/v1/templates/{id}: the parts to change. */
export const updateTemplateBody = templateSettingsShape.partial().meta({ id: 'UpdateTemplate' });

/** POST /api/v1/templates/{id}/requests. */
export const useTemplateBody = useTemplateSchema
  .extend({
    recipients: useTemplateSchema.shape.recipients.describe(
      "One person per role, in the roles' order: the request's recipients.",
    ),
    values: useTemplateSchema.shape.values.describe(
      'Values of keyed text fields by key; a field without one takes its default. A key the template lacks is refused.',
    ),
  })
  .meta({ id: 'UseTemplate' });
