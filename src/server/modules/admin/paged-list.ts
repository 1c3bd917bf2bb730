import type { SelectQueryBuilder } from 'kysely';
import type { PageParams, Paged } from '#shared/admin/schemas.ts';

/** The rows one page covers. */
export interface PageRange {
  limit: number;
  offset: number;
}

/** PostgreSQL answers count(*) as a string (bigint), SQLite as a number. */
type Count = number | bigint | string;

interface PagedQuery<Row, Item> {
  /** The page's rows, in list order. */
  rows: (range: PageRange) => Promise<Row[]>;
  /**
   * How many rows the whole list has. Runs beside `rows`; it may wait for them when the page
   * query counted in the same pass (`count(*) over ()`).
   */
  total: (rows: Promise<Row[]>) => Promise<Count>;
  /** Rows to answer items (a second query for the page's ids, say). */
  items?: (rows: Row[]) => Item[] | Promise<Item[]>;
}

/** One page of an admin list, `{ items, total }`, from the page and page size asked for. */
export async function pagedList<Row, Item = Row>(
  { page, pageSize }: PageParams,
  query: PagedQuery<Row, Item>,
): Promise<Paged<Item>> {
  const rows = query.rows({ limit: pageSize, offset: (page - 1) * pageSize });
  const [found, total] = await Promise.all([rows, query.total(rows)]);
  const items = query.items ? await query.items(found) : (found as unknown as Item[]);
  return { items, total: Number(total) };
}

/** count(*) of a list's filtered query, before it selects anything. */
export async function countOf<DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) {
  const row = await qb
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .$castTo<{ n: Count }>()
    .executeTakeFirstOrThrow();
  return row.n;
}
