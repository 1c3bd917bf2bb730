/**
 * The page paints from the server's HTML before its script runs (decision 036); the app's first
 * render then replaces that markup. Whatever a visitor typed into the HTML's reference field in
 * between (and whether it had the focus) is read here, when the page's code loads, so the page can
 * carry it over (once) instead of silently emptying the field.
 */
export function earlyField(name: string): () => { value: string; focused: boolean } | null {
  const input =
    typeof document === 'undefined'
      ? null
      : // only the server's HTML is marked: a later visit within the app finds another page's fields
        document.querySelector<HTMLInputElement>(`#root[data-prerendered] input[name="${name}"]`);
  if (!input) return () => null;
  let focused = document.activeElement === input;
  input.addEventListener('focus', () => (focused = true));
  // Chrome blurs a focused field it removes (the app's first render), while it is still in the
  // page: once the removal is done, only a field still there was really left.
  input.addEventListener('blur', () => queueMicrotask(() => (focused &&= !input.isConnected)));
  let taken = false;
  return () => (taken ? null : ((taken = true), { value: input.value, focused }));
}

const earlyFiles =
  typeof document === 'undefined'
    ? []
    : [...document.querySelectorAll<HTMLInputElement>('#root[data-prerendered] input[type=file]')];

/**
 * A file chosen in the server's HTML (check an image, check a document) is handed to the app's
 * field at the same place (the markup is the same), as if chosen there: at once when chosen
 * before the app took over, and later when the file dialog was opened on the server's field and
 * answers after the app replaced it (a phone's picker stays open for seconds; its choice then
 * lands on the field no longer in the page).
 */
export function carryEarlyFiles() {
  earlyFiles.forEach((old, i) => {
    const handOver = () => {
      const next = document.querySelectorAll<HTMLInputElement>('#root input[type=file]')[i];
      if (!old.files?.length || !next || next === old) return;
      next.files = old.files;
      next.dispatchEvent(new Event('change', { bubbles: true }));
    };
    handOver();
    old.addEventListener('change', handOver);
  });
  earlyFiles.length = 0;
}
