import { z } from 'zod';
import { multiLineText, singleLineText } from '#shared/text.ts';

export const BLOG_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const BLOG_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Turns a title into a URL slug: lower-case ASCII words joined by hyphens. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

export const blogPostInputSchema = z.object({
  title: singleLineText()
    .min(3, 'The title needs at least 3 characters')
    .max(150, 'The title cannot exceed 150 characters'),
  /** Blank: made from the title. */
  slug: z
    .string()
    .trim()
    .max(80, 'The slug cannot exceed 80 characters')
    .regex(
      /^([a-z0-9]+(-[a-z0-9]+)*)?$/,
      'The slug may contain lower-case letters, digits and single hyphens',
    )
    .default(''),
  excerpt: multiLineText().max(300, 'The excerpt cannot exceed 300 characters').default(''),
  content: multiLineText()
    .min(1, 'The content is required')
    .max(50_000, 'The content cannot exceed 50,000 characters'),
  category: singleLineText().max(40, 'The category cannot exceed 40 characters').default(''),
  tags: z.array(singleLineText().min(1).max(30)).max(10, 'At most 10 tags').default([]),
  /** A URL returned by the image upload, or '' for none. */
  featuredImage: z
    .string()
    .trim()
    .regex(
      /^(\/api\/blog\/images\/\d+)?$/,
      'Upload the featured image here; links to other sites are not accepted',
    )
    .default(''),
  published: z.boolean().default(false),
  /** Publication date; blank = when it is first published. */
  publishedAt: z
    .union([
      z.literal(''),
      z.iso.datetime({ offset: true, error: 'The publication date is not a valid date' }),
    ])
    .default(''),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

export type { BlogPost } from './answers.ts';

export const blogMessages = {
  notFound: 'Blog post not found',
  slugTaken: 'Another post already uses this slug',
  imageType: 'The image must be a PNG, JPEG or WebP file',
  imageTooLarge: 'The image must be smaller than 2 MB',
  imageMissing: 'Choose an image to upload',
  imageUnreadable: 'The image could not be read',
  imageBusy: 'Too many images are being processed right now. Please try again in a few seconds.',
  /** /blog/new opens the editor, so a post with this slug could not be reached. */
  slugReserved: 'The slug “new” is reserved; choose another',
  imageNotFound: 'Image not found',
  deleted: 'Post deleted',
} as const;
