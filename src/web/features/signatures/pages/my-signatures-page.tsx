import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { PageHeading } from '#web/components/page-heading.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useUser } from '#web/lib/session/get-user.ts';
import { useSignatures } from '#web/features/signatures/api/get-signatures.ts';
import { SignatureList } from '#web/features/signatures/components/signature-list.tsx';
import { mySignaturesText as t } from '#web/features/signatures/messages.ts';

export default function MySignaturesPage() {
  usePageMeta({ title: t.pageTitle });
  const { data: user } = useUser();
  const { data: signatures } = useSignatures(Boolean(user));
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeading title={t.pageTitle} lead={t.pageLead} />
        {signatures?.length ? (
          <Link href="/signature" className={`${buttonClasses('primary')} self-start sm:self-auto`}>
            <Plus aria-hidden="true" className="size-4" />
            {m.createSignature}
          </Link>
        ) : null}
      </div>
      <div className="mt-8">
        {user ? (
          <SignatureList />
        ) : (
          <Card className="mx-auto max-w-lg p-8 text-center">
            <p className="text-slate-800">{m.listSignedOut}</p>
            <Link href="/auth" className={`${buttonClasses('primary')} mt-5`}>
              {m.loginOrRegister}
            </Link>
          </Card>
        )}
      </div>
    </div>
  );
}
