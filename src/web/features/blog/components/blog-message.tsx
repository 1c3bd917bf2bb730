import { CircleAlert, Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';

interface BlogMessageProps {
  tone: 'empty' | 'error';
  title: string;
  text: string;
  /** The page's own h1 when the message is all the page shows. */
  headingLevel?: 1 | 2;
  children?: ReactNode;
}

/** The list's empty state and the error states of the list and the post. */
export function BlogMessage({ tone, title, text, headingLevel = 2, children }: BlogMessageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const Icon = tone === 'error' ? CircleAlert : Newspaper;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span
        className={
          tone === 'error'
            ? 'mx-auto grid size-12 place-items-center rounded-full bg-red-50 text-red-700'
            : 'mx-auto grid size-12 place-items-center rounded-full bg-ink-50 text-ink-700'
        }
      >
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <Heading className="mt-4 text-xl font-semibold text-slate-900">{title}</Heading>
      <p className="mt-2 text-slate-700">{text}</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
}
