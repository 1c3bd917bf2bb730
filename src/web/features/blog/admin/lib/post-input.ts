import { z } from 'zod';
import {
  blogMessages,
  blogPostInputSchema,
  type BlogPost,
  type BlogPostInput,
} from '#shared/blog/schemas.ts';

/** The server's schema, plus the one slug the editor route itself needs (/blog/new). */
export const blogFormSchema = blogPostInputSchema.superRefine((value, ctx) => {
  if (value.slug === 'new')
    ctx.addIssue({ code: 'custom', path: ['slug'], message: blogMessages.slugReserved });
});
export type BlogFormInput = z.input<typeof blogFormSchema>;
export type BlogFormValues = z.output<typeof blogFormSchema>;

export const emptyPost: Required<BlogPostInput> = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  category: '',
  tags: [],
  featuredImage: '',
  published: false,
  publishedAt: '',
};

/** A stored post as the body of PUT /api/admin/blog/{id}. */
export function toInput(post: BlogPost): Required<BlogPostInput> {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    tags: post.tags,
    featuredImage: post.featuredImage,
    published: post.published,
    publishedAt: post.publishedAt ?? '',
  };
}
