import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';

export default function NotFoundPage() {
  usePageMeta({ title: 'Page not found' });
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <SearchX aria-hidden="true" className="size-12 text-ink-700" />
      <p className="mt-4 text-sm font-semibold text-ink-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-700">
        There is no page at this address. Check the link, or head back to the home page.
      </p>
      <Link href="/" className={`${buttonClasses('primary')} mt-8`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to home
      </Link>
    </div>
  );
}
