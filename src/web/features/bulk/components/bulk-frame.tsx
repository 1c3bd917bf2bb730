import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { bulkText as t } from '../messages.ts';

/** A numeric id from the address, or null for anything else. */
export const parseId = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

export function BackToTemplates() {
  return (
    <Link href="/templates" className={`${buttonClasses('ghost', 'sm')} -ml-3`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t.back}
    </Link>
  );
}

/** What a bulk page shows when the template or send it names is not the user's, or not there. */
export function MissingPage({ title, error }: { title: string; error: string | undefined }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <BackToTemplates />
      <Card className="mt-4 p-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p role="alert" className="mt-2 text-slate-700">
          {error}
        </p>
      </Card>
    </div>
  );
}
