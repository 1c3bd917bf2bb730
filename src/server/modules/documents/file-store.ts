import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken } from '#server/lib/crypto.ts';
import { nextTurn } from '#server/lib/next-turn.ts';

/**
 * 'revision': a whole revision of an open signing request, as kept before decision 035; still
 * read as the base of one that was open across the upgrade. `revision-<n>`: what the signer of
 * revision n appended.
 */
export type FileKind = 'original' | 'signed' | 'revision' | `revision-${number}`;

const INCREMENT = /^revision-(\d+)$/;
/** A LIKE pattern for every increment's kind. */
const ANY_INCREMENT = 'revision-%' as FileKind;

/**
 * A file's part: on SQLite, writing one (16 pages of log, its own commit) holds the event loop
 * ~0.07 ms and reading one ~0.03 ms, where a whole 1 MB file held it ~1 ms to write and ~0.5 ms
 * to read (decision 035). Files no larger are kept in their own row, as before.
 */
export const PART_BYTES = 64 * 1024;
/** Parts no file names (the server stopped between writing and keeping them) are removed after this. */
export const STAGED_FILE_TTL_MS = 60 * 60 * 1000;

/** A file written ahead of the transaction that keeps it: `keep` it there, or `discard` it. */
export interface StagedFile {
  /** The key of its parts; null: small enough for its row, kept in `inline` until then. */
  blob: string | null;
  parts: number;
  size: number;
  sha256: string;
  inline: Buffer | null;
}

/**
 * Document files in the database, each kept in the transaction of the row that needs it,
 * so a failure leaves no file without its row nor a row without its file; one larger than a part is written in parts before that transaction and read back
 * a part per turn (decision 035). Kept behind this small interface so an object store can
 * replace it later.
 */
export class FileStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * An open signing request's latest revision as stored (decision 035): its base, then what each
   * signer since appended, in order. Incremental updates only ever append, so a signer's finish
   * stores kilobytes, not the whole file again. Joined by whoever needs one buffer: the PDF
   * worker, or the file's download.
   */
  async revision(documentId: number): Promise<Buffer[]> {
    const rows = await this.db
      .selectFrom('files')
      .select(['id', 'kind', 'bytes', 'parts', 'blob'])
      .where('document_id', '=', documentId)
      .where((eb) => eb.or([eb('kind', 'in', ['original', 'revision']), eb('kind', 'like', ANY_INCREMENT)]))
      .execute();
    const base = rows.find((r) => r.kind === 'revision') ?? rows.find((r) => r.kind === 'original');
    if (!base) return [];
    const increments = rows
      .map((r) => ({ r, n: Number(INCREMENT.exec(r.kind)?.[1] ?? NaN) }))
      .filter(({ n }) => Number.isInteger(n))
      .sort((a, b) => a.n - b.n);
    const joined: Buffer[] = [];
    for (const r of [base, ...increments.map(({ r }) => r)]) joined.push(await this.bytesOf(r));
    return joined;
  }

  /** Stores what the signer of revision `number` appended to the one before. */
  async appendRevision(
    trx: Transaction<Database>,
    documentId: number,
    number: number,
    appended: Uint8Array,
    sha256: string,
  ) {
    // Kilobytes: kept in its row, in the caller's transaction (`sha256` hashed by the PDF worker).
    const bytes = Buffer.from(appended.buffer, appended.byteOffset, appended.byteLength);
    const inline: StagedFile = { blob: null, parts: 0, size: bytes.length, sha256, inline: bytes };
    await this.keep(trx, inline, documentId, `revision-${number}`);
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
      .select(['id', 'bytes', 'parts', 'blob'])
      .where('document_id', '=', documentId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return null;
    return this.bytesOf(row);
  }

  /**
   * Writes a file ahead of the transaction that will keep it, in parts of PART_BYTES, each in a
   * statement of its own on a turn of its own: the look-ups that arrive meanwhile are answered
   * between them (decision 035). No reader sees the parts until a file row names them (`keep`).
   */
  async stage(bytes: Uint8Array, sha256: string): Promise<StagedFile> {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (buffer.length <= PART_BYTES)
      return { blob: null, parts: 0, size: buffer.length, sha256, inline: buffer };
    const staged: StagedFile = {
      blob: randomToken(18),
      parts: Math.ceil(buffer.length / PART_BYTES),
      size: buffer.length,
      sha256,
      inline: null,
    };
    const createdAt = iso(this.clock.now());
    try {
      for (let n = 0; n < staged.parts; n++) {
        if (n > 0) await nextTurn();
        await this.db
          .insertInto('file_parts')
          .values({
            blob: staged.blob!,
            n,
            bytes: buffer.subarray(n * PART_BYTES, (n + 1) * PART_BYTES),
            created_at: createdAt,
          })
          .execute();
      }
    } catch (err) {
      await this.discard(staged);
      throw err;
    }
    return staged;
  }

  /** Keeps a staged file as the document's `kind`, in the caller's transaction. */
  async keep(trx: Transaction<Database>, staged: StagedFile, documentId: number, kind: FileKind) {
    await trx
      .insertInto('files')
      .values({
        document_id: documentId,
        kind,
        bytes: staged.inline ?? Buffer.alloc(0),
        sha256: staged.sha256,
        size: staged.size,
        parts: staged.parts,
        blob: staged.blob,
        created_at: iso(this.clock.now()),
      })
      .execute();
  }

  /** Removes a staged file that was not kept (one that was is left alone). */
  async discard(staged: StagedFile) {
    if (!staged.blob) return;
    const blob = staged.blob;
    await this.db
      .deleteFrom('file_parts')
      .where('blob', '=', blob)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('files').select('id').where('blob', '=', blob))))
      .execute();
  }

  /** Parts no file names, older than STAGED_FILE_TTL_MS: the server stopped before keeping them. */
  async purgeStaged(): Promise<number> {
    const before = iso(this.clock.now() - STAGED_FILE_TTL_MS);
    const gone = await this.db
      .deleteFrom('file_parts')
      .where('created_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('files').select('files.id').whereRef('files.blob', '=', 'file_parts.blob')),
        ),
      )
      .executeTakeFirst();
    return Number(gone.numDeletedRows);
  }

  /** A file's bytes: its row's, or its parts read one per turn. */
  private async bytesOf(row: { id: number; bytes: Buffer | Uint8Array; parts: number; blob: string | null }) {
    if (row.parts === 0 || !row.blob) return asBuffer(row.bytes);
    const parts: Buffer[] = [];
    for (let n = 0; n < row.parts; n++) {
      if (n > 0) await nextTurn();
      const part = await this.db
        .selectFrom('file_parts')
        .select('bytes')
        .where('blob', '=', row.blob)
        .where('n', '=', n)
        .executeTakeFirst();
      if (!part) throw new Error(`file ${row.id} lacks part ${n} of ${row.parts}`);
      parts.push(asBuffer(part.bytes));
    }
    return Buffer.concat(parts);
  }
}

const asBuffer = (bytes: Buffer | Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
