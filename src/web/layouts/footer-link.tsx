import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { isExternalHref } from '#web/lib/site.ts';

const linkClass =
  'inline-flex items-center gap-1 rounded text-sm text-slate-300 hover:text-white hover:underline';

/**
 * An in-app link, a link to a page the server renders itself (`serverPage`: a plain link, loaded
 * as a page), or an external one that opens in a new tab without leaking the opener or referrer.
 */
export function FooterLink({
  href,
  serverPage,
  children,
}: {
  href: string;
  serverPage?: boolean | undefined;
  children: ReactNode;
}) {
  if (serverPage) {
    return (
      <a href={href} className={linkClass}>
        {children}
      </a>
    );
  }
  if (!isExternalHref(href)) {
    return (
      <Link href={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
