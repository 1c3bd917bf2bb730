import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';

/**
 * 'revision': a whole revision of an open signing request, as kept before decision 040; still
 * read as the base of one that was open across the upgrade. `revision-<n>`: what the signer of
 * revision n appended.
 */
export type FileKind = 'original' | 'signed' | 'revision' | `revision-${number}`;

const INCREMENT = /^revision-(\d+)$/;
/** A LIKE pattern for every increment's kind. */
const ANY_INCREMENT = 'revision-%' as FileKind;

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

  /**
   * An open signing request's latest revision as stored (decision 040): its base, then what each
   * signer since appended, in order. Incremental updates only ever append, so a signer's finish
   * stores kilobytes, not the whole file again. Joined by whoever needs one buffer: the PDF
   * worker, or the file's download.
   */
  async revision(documentId: number): Promise<Buffer[]> {
    const rows = await this.db
      .selectFrom('files')
      .select(['kind', 'bytes'])
      .where('document_id', '=', documentId)
      .where((eb) => eb.or([eb('kind', 'in', ['original', 'revision']), eb('kind', 'like', ANY_INCREMENT)]))
      .execute();
    const base = rows.find((r) => r.kind === 'revision') ?? rows.find((r) => r.kind === 'original');
    if (!base) return [];
    const increments = rows
      .map((r) => ({ r, n: Number(INCREMENT.exec(r.kind)?.[1] ?? NaN) }))
      .filter(({ n }) => Number.isInteger(n))
      .sort((a, b) => a.n - b.n);
    return [base, ...increments.map(({ r }) => r)].map((r) => asBuffer(r.bytes));
  }

  /** Stores what the signer of revision `number` appended to the one before. */
  async appendRevision(
    trx: Transaction<Database>,
    documentId: number,
    number: number,
    appended: Uint8Array,
    sha256: string,
  ) {
    await this.put(trx, documentId, `revision-${number}`, appended, sha256);
  }

  /** Drops a signing request's revisions (cancelled or completed): the original stays. */
  async removeRevisions(trx: Transaction<Database>, documentId: number) {
    await trx
      .deleteFrom('files')
      .where('document_id', '=', documentId)
      .where((eb) => eb.or([eb('kind', '=', 'revision'), eb('kind', 'like', ANY_INCREMENT)]))
      .execute();
  }

  async get(documentId: number, kind: FileKind): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('files')
      .select('bytes')
      .where('document_id', '=', documentId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return null;
    return asBuffer(row.bytes);
  }
}

const asBuffer = (bytes: Buffer | Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
