import { ArrowLeft, Hammer } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';

interface PlaceholderPageProps {
  title: string;
  /** One sentence: what the page is for. */
  purpose: string;
}

/** An honest stand-in for a page whose feature is still being built. */
export function PlaceholderPage({ title, purpose }: PlaceholderPageProps) {
  usePageMeta({ title });
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="rounded-2xl border border-slate-200 bg-gradient-to-br from-white to-ink-50 p-8 shadow-sm sm:p-12">
        <span className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
          <Hammer aria-hidden="true" className="size-4" />
          Being built
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">
          {purpose} This page is being built and will be ready in an upcoming release.
        </p>
        <Link href="/" className={`${buttonClasses('secondary')} mt-8`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to home
        </Link>
      </div>
    </div>
  );
}
