/**
 * Resolves on the event loop's next turn, after the I/O that is waiting now has run. On SQLite
 * every query is synchronous, so a run of awaited queries is one piece of the event loop that
 * nothing can interrupt; a long request (a recipient's finish, a signing) awaits this between its
 * pieces, so the look-ups that arrived meanwhile are answered first instead of after all of it.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Resolves after `ms` milliseconds (a timer: the event loop's I/O runs meanwhile). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
