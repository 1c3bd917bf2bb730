import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';

/** 'revision': the latest revision of an open signing request (migration 0014). */
export type FileKind = 'original' | 'signed' | 'revision';

/**
 * Document files in the database, each written in the transaction of the row that needs it
 * (DESIGN §1). Kept behind this small interface so an object store can replace it later.
 */
export class FileStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** `sha256` comes from the PDF worker, which has hashed the bytes off the event loop. */
  async put(
    trx: Transaction<Database>,
    documentId: number,
    kind: FileKind,
    bytes: Uint8Array,
    sha256: string,
  ) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await trx
      .insertInto('files')
      .values({
        document_id: documentId,
        kind,
        bytes: buffer,
        sha256,
        size: buffer.length,
        created_at: iso(this.clock.now()),
      })
      .execute();
  }

  /** Puts the file in place of the one of this kind, if any (a signing request's latest revision). */
  async replace(
    trx: Transaction<Database>,
    documentId: number,
    kind: FileKind,
    bytes: Uint8Array,
    sha256: string,
  ) {
    await this.remove(trx, documentId, kind);
    await this.put(trx, documentId, kind, bytes, sha256);
  }

  async remove(trx: Transaction<Database>, documentId: number, kind: FileKind) {
    await trx.deleteFrom('files').where('document_id', '=', documentId).where('kind', '=', kind).execute();
  }

  async get(documentId: number, kind: FileKind): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('files')
      .select('bytes')
      .where('document_id', '=', documentId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return null;
    return Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
  }
}
