import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { recipientInputSchema, TEXT_FIELD_MAX } from '#shared/requests/schemas.ts';
import type { Template } from '#shared/templates/answers.ts';
import {
  BULK_MAX_ROWS,
  bulkMessages as m,
  type BulkRowError,
  type BulkRowInput,
} from '#shared/templates/bulk.ts';

const person = recipientInputSchema.pick({ name: true, email: true });

/** The columns a template's CSV has: a name and an e-mail per role, then one per keyed field. */
export function csvColumns(t: Pick<Template, 'roles' | 'fields'>) {
  const roles = t.roles.flatMap((r) => [`${r.name} name`, `${r.name} email`]);
  const keys = t.fields.flatMap((f) => (f.key ? [f.key] : []));
  return { roles, keys, all: [...roles, ...keys] };
}

/** A sample file: the header and one example line, as a spreadsheet saves it. */
export function sampleCsv(t: Pick<Template, 'roles' | 'fields'>): string {
  const { keys } = csvColumns(t);
  const example = [
    ...t.roles.flatMap((r, i) => [
      `${r.name} ${i + 1}`,
      `${r.name.toLowerCase().replace(/\W+/g, '.')}${i + 1}@example.com`,
    ]),
    ...keys.map((k) => t.fields.find((f) => f.key === k)?.defaultValue ?? ''),
  ];
  return `\uFEFF${stringify([csvColumns(t).all, example])}`;
}

/**
 * A cell a spreadsheet would run as a formula starts with one of these: kept as text when read,
 * written with a leading apostrophe when we export (OWASP's CSV injection advice).
 */
const FORMULA = /^[=+\-@\t\r]/;
export const neutralised = (cell: string) => (FORMULA.test(cell) ? `'${cell}` : cell);

/** A results file that opens safely in a spreadsheet. */
export function exportCsv(rows: string[][]): string {
  return `\uFEFF${stringify(rows.map((r) => r.map(neutralised)))}`;
}

type Read = { kind: 'ok'; header: string[]; records: string[][] } | { kind: 'invalid'; message: string };

/**
 * A CSV as spreadsheets write it: UTF-8 with or without BOM, comma or semicolon (whichever the
 * header line uses), quoted fields that may hold newlines. Text that is not UTF-8 arrives with
 * replacement characters: refused, rather than names sent garbled.
 */
export function readCsv(text: string): Read {
  if (text.includes('\uFFFD')) return { kind: 'invalid', message: m.csvNotUtf8 };
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  if (firstLine.trim() === '') return { kind: 'invalid', message: m.csvRequired };
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      skip_empty_lines: true,
      relax_column_count: false,
      // a quote inside an unquoted cell (=HYPERLINK("…") typed by hand) is kept as text
      relax_quotes: true,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError)
      return {
        kind: 'invalid',
        message: m.csvUnreadable(
          (err as CsvError & { lines?: number }).lines ?? 1,
          err.message.replace(/^.*?:\s*/, ''),
        ),
      };
    throw err;
  }
  const [header, ...rows] = records;
  if (!header) return { kind: 'invalid', message: m.csvRequired };
  const data = rows.filter((r) => r.some((cell) => cell.trim() !== ''));
  if (data.length === 0) return { kind: 'invalid', message: m.csvEmpty };
  if (data.length > BULK_MAX_ROWS) return { kind: 'invalid', message: m.tooManyRows(data.length) };
  return { kind: 'ok', header: header.map((h) => h.trim()), records: data };
}

type Columns = { kind: 'ok'; index: Map<string, number> } | { kind: 'invalid'; message: string };

/** The header against the template's columns (any case, any order): none missing, none unknown. */
export function matchHeader(t: Pick<Template, 'roles' | 'fields'>, header: string[]): Columns {
  const wanted = csvColumns(t).all;
  const byFolded = new Map(wanted.map((c) => [c.toLowerCase(), c]));
  const index = new Map<string, number>();
  const unknown: string[] = [];
  for (const [i, h] of header.entries()) {
    const column = byFolded.get(h.toLowerCase());
    if (!column) {
      if (h !== '') unknown.push(h);
      continue;
    }
    if (index.has(column)) return { kind: 'invalid', message: m.repeatedColumn(h) };
    index.set(column, i);
  }
  if (unknown.length > 0) return { kind: 'invalid', message: m.unknownColumns(unknown) };
  const missing = csvColumns(t).roles.filter((c) => !index.has(c));
  if (missing.length > 0) return { kind: 'invalid', message: m.missingColumns(missing) };
  return { kind: 'ok', index };
}

/** Every row checked: the rows as they will be sent, and every problem by row and column. */
export function checkRows(
  t: Pick<Template, 'roles' | 'fields'>,
  rows: BulkRowInput[],
): { rows: BulkRowInput[]; errors: BulkRowError[] } {
  const keys = new Map(t.fields.flatMap((f) => (f.key ? [[f.key.toLowerCase(), f.key] as const] : [])));
  const errors: BulkRowError[] = [];
  const out: BulkRowInput[] = [];
  rows.forEach((row, i) => {
    const n = i + 1;
    const recipients: BulkRowInput['recipients'] = [];
    const seen = new Set<string>();
    t.roles.forEach((role, r) => {
      const given = row.recipients[r];
      const nameColumn = `${role.name} name`;
      const emailColumn = `${role.name} email`;
      const name = (given?.name ?? '').trim();
      const email = (given?.email ?? '').trim();
      if (name === '') errors.push({ row: n, column: nameColumn, message: m.nameMissing });
      else if (name.length > 100) errors.push({ row: n, column: nameColumn, message: m.nameTooLong });
      const parsed = person.safeParse({ name: name || 'x', email });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const onName = issue.path[0] === 'name';
        if (!onName) errors.push({ row: n, column: emailColumn, message: m.emailInvalid });
        else if (name !== '' && name.length <= 100)
          errors.push({ row: n, column: nameColumn, message: issue.message });
        recipients.push({ name, email });
        return;
      }
      if (seen.has(parsed.data.email)) errors.push({ row: n, column: emailColumn, message: m.emailRepeated });
      seen.add(parsed.data.email);
      recipients.push({ name, email: parsed.data.email });
    });
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(row.values)) {
      const known = keys.get(key.toLowerCase());
      if (!known) {
        errors.push({ row: n, column: key, message: m.unknownColumns([key]) });
        continue;
      }
      if (value.length > TEXT_FIELD_MAX) errors.push({ row: n, column: known, message: m.valueTooLong });
      else if (value.trim() !== '') values[known] = value;
    }
    out.push({ recipients, values });
  });
  return { rows: out, errors };
}

/** A CSV file's rows in the shape of the JSON rows, once its header matched. */
export function rowsOfCsv(
  t: Pick<Template, 'roles' | 'fields'>,
  records: string[][],
  index: Map<string, number>,
) {
  const { keys } = csvColumns(t);
  return records.map((cells): BulkRowInput => ({
    recipients: t.roles.map((r) => ({
      name: cells[index.get(`${r.name} name`)!] ?? '',
      email: cells[index.get(`${r.name} email`)!] ?? '',
    })),
    values: Object.fromEntries(keys.flatMap((k) => (index.has(k) ? [[k, cells[index.get(k)!] ?? '']] : []))),
  }));
}

/** A CSV text read, matched and checked: refused whole (unreadable, wrong header) or row by row. */
export function csvRows(
  t: Pick<Template, 'roles' | 'fields'>,
  text: string,
):
  | { kind: 'ok'; columns: string[]; rows: BulkRowInput[]; errors: BulkRowError[] }
  | { kind: 'invalid'; message: string } {
  const read = readCsv(text);
  if (read.kind !== 'ok') return read;
  const header = matchHeader(t, read.header);
  if (header.kind !== 'ok') return header;
  const checked = checkRows(t, rowsOfCsv(t, read.records, header.index));
  return { kind: 'ok', columns: read.header, ...checked };
}
