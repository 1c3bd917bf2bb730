import { z } from 'zod';

/** Text rules every input shares, in the browser and on the server. */

/** PostgreSQL text cannot hold U+0000, and no field of ours has a use for it. */
export const NUL_MESSAGE = 'Text must not contain the NUL character (U+0000)';
export const CONTROL_MESSAGE = 'Text must not contain control characters (such as U+0001, U+001B or U+0085)';
export const LINES_CONTROL_MESSAGE =
  'Text must not contain control characters other than line breaks and tabs (such as U+0001 or U+0085)';

/** No C0 or C1 control character (Cc: U+0000-U+001F, U+007F-U+009F). */
const NO_CONTROL = /^\P{Cc}*$/u;
/** The same, but line feeds and tabs. */
const NO_CONTROL_BUT_LINES = /^[\P{Cc}\n\t]*$/u;

/**
 * A text of the two kinds below, trimmed. Control characters would reach PDFs, mails and logs as
 * they are (an escape sequence in a terminal, a broken mail header); U+0000 keeps its own message.
 */
const text = (allowed: RegExp, message: string, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .refine((s) => !s.includes('\u0000'), NUL_MESSAGE)
    .regex(allowed, message);

/** One line of text (a name, a title, a subject): no control character at all. */
export const singleLineText = (error?: string) => text(NO_CONTROL, CONTROL_MESSAGE, error);

/** Text of several lines (a message, an article): line breaks and tabs, no other control character. */
export const multiLineText = (error?: string) => text(NO_CONTROL_BUT_LINES, LINES_CONTROL_MESSAGE, error);

const MAX_DEPTH = 32;

/**
 * The path of the first string holding U+0000 in a parsed value (object keys count too), or
 * null. Depth is bounded: what reaches here has passed a schema, so it is small and shallow.
 */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
