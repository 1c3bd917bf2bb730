import { CircleAlert, FileSignature, RotateCw } from 'lucide-react';
import { Link } from 'wouter';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useSignatures } from '#web/features/signatures/api/get-signatures.ts';
import { ManageAll } from '#web/features/signatures/components/manage-all.tsx';
import { SignatureCard } from '#web/features/signatures/components/signature-card.tsx';
import { SignatureCardSkeleton } from '#web/features/signatures/components/signature-card-skeleton.tsx';
import { errorText } from '#web/features/signatures/lib/error-text.ts';
import { mySignaturesText as t } from '#web/features/signatures/messages.ts';

const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';
const SKELETONS = 3;

/** The signed-in user's signatures: skeletons, error with Retry, empty, or the grid of cards. */
export function SignatureList() {
  const { data, error, isPending, isFetching, refetch } = useSignatures(true);

  if (isPending) {
    return (
      <div role="status" aria-label={t.loading} className={GRID}>
        {Array.from({ length: SKELETONS }, (_, i) => (
          <SignatureCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (error) {
    return (
      <Card role="alert" className="mx-auto max-w-lg p-8 text-center">
        <CircleAlert aria-hidden="true" className="mx-auto size-8 text-red-700" />
        <h2 className="mt-3 text-lg font-semibold text-slate-900">{m.listLoadFailedTitle}</h2>
        <p className="mt-1 text-slate-700">{errorText(error, m.listLoadFailed)}</p>
        <Button className="mt-5" onClick={() => void refetch()} disabled={isFetching}>
          <RotateCw aria-hidden="true" className={isFetching ? 'size-4 animate-spin' : 'size-4'} />
          {m.retry}
        </Button>
      </Card>
    );
  }

  if (data.length === 0) {
    return (
      <Card className="mx-auto max-w-lg p-8 text-center">
        <FileSignature aria-hidden="true" className="mx-auto size-8 text-ink-700" />
        <h2 className="mt-3 text-lg font-semibold text-slate-900">{m.listEmpty}</h2>
        <p className="mt-1 text-slate-700">{t.emptyHint}</p>
        <Link href="/signature" className={`${buttonClasses('primary')} mt-5`}>
          {m.createSignature}
        </Link>
      </Card>
    );
  }

  return (
    <>
      <ul aria-label={t.listLabel} className={GRID}>
        {data.map((signature) => (
          <li key={signature.id} className="min-w-0">
            <SignatureCard signature={signature} />
          </li>
        ))}
      </ul>
      <ManageAll />
    </>
  );
}
