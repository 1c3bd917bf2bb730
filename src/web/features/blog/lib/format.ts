import type { BlogPost } from '#shared/blog/schemas.ts';
import { blogText } from '#web/features/blog/messages.ts';

export const EXCERPT_FALLBACK_CHARS = 120;
export const DESCRIPTION_MAX = 160;

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** 'MMMM d, yyyy' (April 14, 2025), or the spec's text when there is no valid date. */
export function formatPostDate(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? blogText.dateUnavailable : longDate.format(time);
}

/** The excerpt, else the content's first 120 characters and an ellipsis, else the spec's text. */
export function postExcerpt(post: Pick<BlogPost, 'excerpt' | 'content'>): string {
  const excerpt = post.excerpt.trim();
  if (excerpt) return excerpt;
  const content = post.content.trim();
  if (!content) return blogText.noDescription;
  return content.length > EXCERPT_FALLBACK_CHARS
    ? `${content.slice(0, EXCERPT_FALLBACK_CHARS).trimEnd()}…`
    : content;
}

/** The page description: the excerpt or the content, flattened, at most 160 characters (as the server does). */
export function postDescription(post: Pick<BlogPost, 'excerpt' | 'content'>): string {
  const flat = (post.excerpt || post.content).replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100)).trimEnd()}…`;
}

export type BodyBlock = { kind: 'paragraph'; text: string } | { kind: 'break' };

/** The body split by line breaks: each line a paragraph, each empty line a break. */
export function bodyBlocks(content: string): BodyBlock[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line.trim() ? { kind: 'paragraph', text: line } : { kind: 'break' }));
}
