import sharp from 'sharp';
import type { Db } from '#server/db/kysely.ts';

export const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="250"><path d="M20 200 C 100 20, 200 20, 300 150 S 500 250, 580 60" stroke="#000" stroke-width="4" fill="none"/></svg>';

/** A real PNG of a drawn stroke, as the creator's canvas produces. */
export async function signaturePng(): Promise<string> {
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export const signatureSvgDataUrl = (svg = SIGNATURE_SVG) =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** A verified user written straight to the database (a test that needs only an owner's row). */
export async function insertUser(db: Db, at: string, email = 'owner@example.com'): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email,
      name: 'Owner',
      password_hash: 'x',
      role: 'user',
      email_verified_at: at,
      disabled_at: null,
      last_login: null,
      created_at: at,
      updated_at: at,
      storage_quota_bytes: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
