import type { Db } from '../kysely.ts';

/**
 * A signed document keeps the sealed link its QR codes carry (as a signature keeps its
 * own in qr_code_data), so a look-up by reference answers with the same seal and its log index.
 * Documents signed before stay null: their PDFs carry the seal, the look-up does not.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('documents').addColumn('sealed_link', 'text').execute();
}
