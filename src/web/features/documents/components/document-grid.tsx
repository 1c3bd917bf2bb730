import type { ReactNode } from 'react';
import { documentsText as t } from '../messages.ts';

/** 1, 2 or 3 columns by width. */
export function DocumentGrid({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <ul
      aria-label={t.listLabel}
      aria-busy={busy || undefined}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {children}
    </ul>
  );
}
