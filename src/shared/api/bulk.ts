import { z } from 'zod';
import {
  BULK_CSV_MAX_BYTES,
  BULK_MAX_ROWS,
  bulkRowInput,
  bulkRowResult,
  bulkRowStatus,
  bulkSend,
} from '../templates/bulk.ts';
import { pageOf, pageQuery } from './common.ts';

export const apiBulkSend = bulkSend
  .extend({
    status: bulkSend.shape.status.describe(
      '`running`, `paused` (by its owner), `cancelled` (rows not yet sent were dropped), `completed`.',
    ),
    pending: bulkSend.shape.pending.describe('Rows not yet sent nor failed.'),
  })
  .meta({ id: 'BulkSend' });

export const apiBulkRow = bulkRowResult.meta({ id: 'BulkRow' });
export const bulkRowPage = pageOf(apiBulkRow).meta({ id: 'BulkRowPage' });
export const bulkRowListQuery = pageQuery.extend({
  status: bulkRowStatus.optional().describe('Only rows in this state.'),
});

/** POST /api/v1/templates/{id}/bulk as JSON: rows, or a CSV file's text. */
export const startBulkBody = z
  .union([
    z.object({
      rows: z
        .array(
          bulkRowInput.extend({
            recipients: bulkRowInput.shape.recipients.describe("One person per role, in the roles' order."),
            values: bulkRowInput.shape.values.describe('Values of keyed text fields by key.'),
          }),
        )
        .min(1)
        .max(BULK_MAX_ROWS)
        .describe(`1 to ${BULK_MAX_ROWS} rows, each sent as its own signing request.`),
    }),
    z.object({
      csv: z
        .string()
        .max(BULK_CSV_MAX_BYTES)
        .describe('A CSV file as text: `<Role> name`, `<Role> email` per role and one column per field key.'),
    }),
  ])
  .meta({ id: 'StartBulkSend' });
