import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { authText } from '#web/features/auth/messages.ts';

/**
 * The confirmation shown once a link is on its way (password reset, sign-up). It replaces a
 * longer form, so its heading takes the focus: the page scrolls to it and a screen reader reads it.
 */
export function CheckEmail({ text, onReturn }: { text: string; onReturn: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="space-y-4 text-center">
      <MailCheck aria-hidden="true" className="mx-auto size-12 text-ink-700" />
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {authText.checkEmailTitle}
      </h2>
      <p className="text-sm text-slate-700">{text}</p>
      <Button variant="secondary" className="w-full" onClick={onReturn}>
        {authText.returnToLogin}
      </Button>
    </div>
  );
}
