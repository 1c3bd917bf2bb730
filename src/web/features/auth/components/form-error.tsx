import { useEffect, useRef } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { authErrorText } from '#web/features/auth/lib/error-text.ts';

/**
 * The server's answer to a failed submit, kept on screen after its toast has gone. It appears
 * above the fields, out of sight when the form was scrolled down to its button, and the disabled
 * button had dropped the focus: so the form's card is brought back under the header (tabs, then
 * this message) and the focus comes here, where the next Tab reaches the fields again.
 */
export function FormError({ error, fallback }: { error: Error | null; fallback?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!error || !box) return;
    const top = box.closest('[data-form-top]') ?? box;
    // Only when something is hidden: under the sticky header (html's scroll-padding-top) or below.
    const headerRoom = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const hidden =
      top.getBoundingClientRect().top < headerRoom || box.getBoundingClientRect().bottom > window.innerHeight;
    if (hidden) top.scrollIntoView({ block: 'start' });
    box.focus({ preventScroll: true });
  }, [error]);
  if (!error) return null;
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert tone="error" role="alert">
        {authErrorText(error, fallback)}
      </Alert>
    </div>
  );
}
