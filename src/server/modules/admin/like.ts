import { sql } from 'kysely';

/**
 * Case-insensitive "contains" for admin search. The user's % and _ are taken literally; the
 * ESCAPE clause makes both SQLite and PostgreSQL read the backslash the same way.
 */
export function contains(column: string, q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
