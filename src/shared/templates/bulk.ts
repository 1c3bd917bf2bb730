import { z } from 'zod';
import { isoTime, messageAnswer } from '#shared/answers.ts';

/** At most this many rows in one bulk send. */
export const BULK_MAX_ROWS = 5000;
/** A CSV of 5,000 rows of a few roles fits well under this. */
export const BULK_CSV_MAX_BYTES = 5 * 1024 * 1024;

/** Every user-visible text of bulk sends that the server says; the web adds its own. */
export const bulkMessages = {
  notFound: 'Bulk send not found',
  csvRequired: 'Choose a CSV file with a header line and one line per request.',
  csvTooLarge: 'The CSV file is over 5 MB.',
  csvNotUtf8:
    'The CSV file is not UTF-8 text. Save it as "CSV UTF-8" (Excel) or UTF-8 (other programs) and try again.',
  csvUnreadable: (line: number, reason: string) => `The CSV file cannot be read at line ${line}: ${reason}`,
  csvEmpty: 'The CSV file has a header but no rows.',
  tooManyRows: (rows: number) => `The CSV file has ${rows} rows; a bulk send takes at most 5,000.`,
  missingColumns: (columns: string[]) =>
    `The header lacks ${columns.length === 1 ? 'the column' : 'the columns'} ${columns.map((c) => `"${c}"`).join(', ')}.`,
  unknownColumns: (columns: string[]) =>
    `The header has ${columns.length === 1 ? 'a column' : 'columns'} this template does not know: ${columns
      .map((c) => `"${c}"`)
      .join(', ')}. Use the sample CSV's columns.`,
  repeatedColumn: (column: string) => `The header names "${column}" twice.`,
  nameMissing: 'The name is empty.',
  nameTooLong: 'The name is over 100 characters.',
  emailInvalid: 'This is not a valid e-mail address.',
  emailRepeated: 'The same address is given for another role on this row.',
  valueTooLong: 'The value is over 500 characters.',
  rowErrors: (count: number) =>
    `${count} row${count === 1 ? ' has' : 's have'} errors: correct the CSV file and check it again.`,
  overDailyLimit: (left: number, limit: number) =>
    `This would pass your limit of ${limit} bulk rows a day: ${left} left today.`,
  notRunning: 'This bulk send is not running.',
  notPaused: 'This bulk send is not paused.',
  finished: 'This bulk send has finished.',
  started: (rows: number) => `Sending ${rows} request${rows === 1 ? '' : 's'}.`,
  paused: 'Paused: no more requests are sent until you resume.',
  resumed: 'Resumed.',
  cancelled: 'Cancelled: the rows not yet sent will not be sent.',
} as const;

/** A problem with one cell (or a whole row when `column` is null), rows numbered from 1 after the header. */
export const bulkRowError = z.object({
  row: z.number(),
  column: z.string().nullable(),
  message: z.string(),
});
export type BulkRowError = z.infer<typeof bulkRowError>;

/** One row as it will be sent: a person per role, values by key. */
export const bulkRowInput = z.object({
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  values: z.record(z.string(), z.string()).default({}),
});
export type BulkRowInput = z.infer<typeof bulkRowInput>;

/** POST /api/templates/{id}/bulk/preview: every row checked, nothing sent. */
export const bulkPreviewAnswer = z.object({
  rows: z.number(),
  /** Every problem found, by row and column; at most the first 500. */
  errors: z.array(bulkRowError),
  /** How many problems there were in all. */
  errorCount: z.number(),
  /** The columns as read, in order. */
  columns: z.array(z.string()),
  /** The first rows, as they will be sent. */
  sample: z.array(bulkRowInput),
});
export type BulkPreview = z.infer<typeof bulkPreviewAnswer>;

export const bulkStatus = z.enum(['running', 'paused', 'cancelled', 'completed']);
export type BulkStatus = z.infer<typeof bulkStatus>;

export const bulkSend = z.object({
  id: z.number(),
  templateId: z.number().nullable(),
  templateName: z.string(),
  status: bulkStatus,
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  /** Rows not yet sent or failed (cancelled rows are neither). */
  pending: z.number(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type BulkSend = z.infer<typeof bulkSend>;

export const bulkAnswer = messageAnswer.extend({ bulk: bulkSend });
export const bulkListAnswer = z.object({ items: z.array(bulkSend), total: z.number() });

export const bulkRowStatus = z.enum(['pending', 'sent', 'failed', 'cancelled']);
export const bulkRowResult = z.object({
  row: z.number(),
  status: bulkRowStatus,
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  /** Why it failed; null otherwise. */
  error: z.string().nullable(),
  requestId: z.number().nullable(),
  documentId: z.number().nullable(),
});
export type BulkRowResult = z.infer<typeof bulkRowResult>;
export const bulkRowsAnswer = z.object({ items: z.array(bulkRowResult), total: z.number() });

/** The browser sends the CSV file's text. */
export const bulkCsvBody = z.object({ csv: z.string().max(BULK_CSV_MAX_BYTES, bulkMessages.csvTooLarge) });

export const bulkRowsQuery = z.object({
  status: bulkRowStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
