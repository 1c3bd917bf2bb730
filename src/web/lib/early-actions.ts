import { EARLY_CLICKS } from '#shared/early-actions-script.ts';

/**
 * Presses on the server's markup of the verification page, before the app took over, are listed
 * by the inline script the server writes first thing in that page's head
 * (shared/early-actions-script.ts): it runs before any of the build's code has arrived, so a press
 * while the entry still downloads is kept too (decision 036; listening from the entry lost those).
 */
const clickedEarly = (): string[] | undefined =>
  (window as unknown as Partial<Record<typeof EARLY_CLICKS, string[]>>)[EARLY_CLICKS];

/**
 * Runs `open` (once, right after the caller's effect) when the server's control `name` was pressed
 * before the app took over. Returns the effect's cleanup: a component gone by then opens nothing.
 */
export function onEarlyClick(name: string, open: () => void): () => void {
  let live = true;
  queueMicrotask(() => {
    const clicked = clickedEarly();
    const at = clicked?.indexOf(name) ?? -1;
    if (!live || at < 0) return;
    clicked!.splice(at, 1);
    open();
  });
  return () => {
    live = false;
  };
}
