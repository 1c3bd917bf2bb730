import { slugify, type BlogPost, type BlogPostInput } from '#shared/blog/schemas.ts';
import type { Db } from '#server/db/kysely.ts';
import type { Selectable } from 'kysely';
import type { BlogPostsTable } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { ImageAbortedError, ImageBusyError, imagePool } from '../images/image-pool.ts';

type Row = Selectable<BlogPostsTable>;
type Input = {
  [K in keyof BlogPostInput]-?: Exclude<BlogPostInput[K], undefined>;
};

export const toBlogPost = (r: Row): BlogPost => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  content: r.content,
  category: r.category,
  tags: safeTags(r.tags),
  featuredImage: r.featured_image,
  published: r.published === 1,
  publishedAt: r.published_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  authorId: r.author_id,
});

function safeTags(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test((err as Error).message ?? '') || (err as { code?: string }).code === '23505';

export type SaveResult = { kind: 'ok'; post: BlogPost } | { kind: 'slug-taken' } | { kind: 'missing' };
export type ImageResult =
  | { kind: 'ok'; url: string }
  | { kind: 'bad-type' | 'unreadable' }
  /** The pool is full, or the job waited for a core past its wall time: try again in `retryAfter` s. */
  | { kind: 'busy'; retryAfter: number };

export class BlogService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async listPublished() {
    const rows = await this.db
      .selectFrom('blog_posts')
      .selectAll()
      .where('published', '=', 1)
      .where('published_at', '<=', iso(this.clock.now()))
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toBlogPost);
  }

  async findPublished(slug: string) {
    const row = await this.db
      .selectFrom('blog_posts')
      .selectAll()
      .where('slug', '=', slug)
      .where('published', '=', 1)
      .where('published_at', '<=', iso(this.clock.now()))
      .executeTakeFirst();
    return row ? toBlogPost(row) : null;
  }

  async get(id: number) {
    const row = await this.db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toBlogPost(row) : null;
  }

  async list(page: number, pageSize: number, q?: string) {
    let base = this.db.selectFrom('blog_posts');
    if (q) base = base.where((eb) => eb(eb.fn('lower', ['title']), 'like', `%${q.toLowerCase()}%`));
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('updated_at', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toBlogPost), total: Number(count.n) };
  }

  /** Creates (id null) or updates a post. A blank slug is made from the title, unique by suffix. */
  async save(id: number | null, input: Input, authorId: number): Promise<SaveResult> {
    const now = iso(this.clock.now());
    const existing = id === null ? null : await this.get(id);
    if (id !== null && !existing) return { kind: 'missing' };
    const explicitSlug = input.slug !== '';
    const base = explicitSlug ? input.slug : slugify(input.title) || 'post';
    const publishedAt = input.publishedAt
      ? new Date(input.publishedAt).toISOString()
      : input.published
        ? (existing?.publishedAt ?? now)
        : (existing?.publishedAt ?? null);
    for (let n = 1; n <= 50; n++) {
      const slug = n === 1 || explicitSlug ? base : `${base}-${n}`;
      const values = {
        slug,
        title: input.title,
        excerpt: input.excerpt,
        content: input.content,
        category: input.category,
        tags: JSON.stringify(input.tags),
        featured_image: input.featuredImage,
        published: input.published ? 1 : 0,
        published_at: publishedAt,
        updated_at: now,
      };
      try {
        const row =
          id === null
            ? await this.db
                .insertInto('blog_posts')
                .values({ ...values, author_id: authorId, created_at: now })
                .returningAll()
                .executeTakeFirstOrThrow()
            : await this.db
                .updateTable('blog_posts')
                .set(values)
                .where('id', '=', id)
                .returningAll()
                .executeTakeFirstOrThrow();
        return { kind: 'ok', post: toBlogPost(row) };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (explicitSlug || (existing && existing.slug === slug)) return { kind: 'slug-taken' };
      }
    }
    return { kind: 'slug-taken' };
  }

  async delete(id: number) {
    const res = await this.db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /** Checks the bytes are a real PNG/JPEG/WebP, strips metadata by re-encoding, stores it. */
  async storeImage(bytes: Buffer): Promise<ImageResult> {
    const cleaned = await imagePool()
      .run('blog-image', bytes, BLOG_IMAGE_BUDGET)
      .catch((err: Error) => {
        if (err instanceof ImageBusyError) return { kind: 'busy' as const, retryAfter: err.retryAfter };
        if (err instanceof ImageAbortedError && err.reason === 'stalled')
          return { kind: 'busy' as const, retryAfter: Math.ceil(BLOG_IMAGE_BUDGET.timeoutMs / 1000) };
        if (err instanceof ImageAbortedError) return { kind: 'unreadable' as const };
        throw err;
      });
    if (cleaned.kind !== 'ok') return cleaned;
    const row = await this.db
      .insertInto('blog_images')
      .values({
        mime_type: cleaned.mime,
        bytes: cleaned.bytes,
        size: cleaned.bytes.length,
        width: cleaned.width,
        height: cleaned.height,
        created_at: iso(this.clock.now()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { kind: 'ok', url: `/api/blog/images/${row.id}` };
  }

  image(id: number) {
    return this.db
      .selectFrom('blog_images')
      .select(['mime_type', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}

/**
 * An 8000×6000 photo took 0.07 s of CPU as JPEG and 0.24 s as PNG, peaking at 170 MB (sharp
 * streams it): admins only, so a wide margin, but past it the upload is refused, not the server.
 */
const BLOG_IMAGE_BUDGET = { timeoutMs: 10_000, memoryMb: 1024 };

/**
 * The re-encoding itself, run in an image pool child (images/image-pool-jobs.ts); sharp is loaded
 * there only, so the server process never renders an image.
 */
export async function cleanBlogImage(
  bytes: Buffer,
): Promise<
  | { kind: 'ok'; mime: string; bytes: Buffer; width: number; height: number }
  | { kind: 'bad-type' | 'unreadable' }
> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.format) return { kind: 'unreadable' };
  const mime = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' }[meta.format as string];
  if (!mime || !meta.width || !meta.height) return { kind: 'bad-type' };
  const clean = await sharp(bytes)
    .rotate()
    .resize({ width: 1600, withoutEnlargement: true })
    .toFormat(meta.format as 'png')
    .toBuffer();
  const cleanMeta = await sharp(clean).metadata();
  return {
    kind: 'ok',
    mime,
    bytes: clean,
    width: cleanMeta.width ?? meta.width,
    height: cleanMeta.height ?? meta.height,
  };
}
