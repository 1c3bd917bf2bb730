import type { UseFormSetError } from 'react-hook-form';
import type { BlogFormInput } from '#web/features/blog/admin/lib/post-input.ts';
import { ApiError } from '#web/lib/api.ts';

const fields = new Set<keyof BlogFormInput>([
  'title',
  'slug',
  'excerpt',
  'content',
  'category',
  'tags',
  'featuredImage',
  'published',
  'publishedAt',
]);

const isField = (name: string): name is keyof BlogFormInput => fields.has(name as keyof BlogFormInput);

/**
 * Puts the server's answer on the fields it is about: 409 on the slug, 400 issues on their fields.
 * Returns the message nothing was left to show it (for the form-level alert), or null.
 */
export function applyServerErrors(error: unknown, setError: UseFormSetError<BlogFormInput>): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.status === 409) {
    setError('slug', { message: error.message }, { shouldFocus: true });
    return null;
  }
  const issues = (error.data as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues;
  let placed = false;
  for (const issue of issues ?? []) {
    const name = String(issue.path ?? '').split('.')[0] ?? '';
    if (isField(name) && typeof issue.message === 'string') {
      setError(name, { message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed ? null : error.message;
}
