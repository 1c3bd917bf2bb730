/**
 * Writes buffered rows in chunks. A chunk the database refuses is written again one row at a
 * time, so one bad row (reported, then dropped) cannot lose the rows batched with it. Returns how
 * many rows were dropped.
 */
export async function writeInChunks<T>(
  rows: readonly T[],
  size: number,
  write: (chunk: T[]) => Promise<unknown>,
  onBadRow: (row: T, err: Error) => void,
): Promise<number> {
  let dropped = 0;
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    try {
      await write(chunk);
      continue;
    } catch (err) {
      if (chunk.length === 1) {
        onBadRow(chunk[0]!, err as Error);
        dropped++;
        continue;
      }
    }
    for (const row of chunk) {
      try {
        await write([row]);
      } catch (err) {
        onBadRow(row, err as Error);
        dropped++;
      }
    }
  }
  return dropped;
}

export interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** Logs a dropped row with the database's reason, never its whole content (it may be hostile). */
export const reportBadRow =
  (log: WarnLog, table: string) =>
  (row: unknown, err: Error): void =>
    log.warn(
      { table, err: err.message, row: JSON.stringify(row).slice(0, 300) },
      'batched row refused and dropped',
    );
