import { z } from 'zod';
import { documentSummary } from '../documents/answers.ts';
import { pageOf, pageQuery } from './common.ts';

/** A document as the public API shows it: the owner's list entry. */
export const apiDocument = documentSummary.meta({ id: 'Document' });

export const documentListQuery = pageQuery.extend({
  status: z
    .enum(['pending', 'signed', 'awaiting', 'completed'])
    .optional()
    .describe('Only documents in this state.'),
  name: z.string().max(200).optional().describe('Only documents whose name contains this text.'),
});

export const documentPage = pageOf(apiDocument).meta({ id: 'DocumentPage' });
