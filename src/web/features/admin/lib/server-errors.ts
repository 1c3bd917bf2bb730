import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#web/lib/api.ts';

interface Issue {
  path: string;
  message: string;
}

const issuesOf = (error: unknown): Issue[] => {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const data = error.data as { issues?: unknown } | undefined;
  return Array.isArray(data?.issues) ? (data.issues as Issue[]) : [];
};

/**
 * Puts the server's validation messages (400 with `issues`) under the fields they belong to.
 * Returns true when at least one field got a message.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: string[],
) {
  let applied = false;
  for (const issue of issuesOf(error)) {
    if (!fields.includes(issue.path.split('.')[0] ?? '')) continue;
    setError(issue.path as Path<T>, { type: 'server', message: issue.message });
    applied = true;
  }
  return applied;
}

/** The message to show for a failed call: the server's own words, or a plain network hint. */
export function errorText(error: unknown) {
  if (error instanceof ApiError) return error.message;
  return 'The server could not be reached. Check your connection and try again.';
}
