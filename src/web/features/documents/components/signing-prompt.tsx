import { PenLine } from 'lucide-react';
import { Link } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';

/** The 'Start Signing Process' card a pending document shows (part 2 §2.5). */
export function SigningPrompt({ id }: { id: number }) {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-lg font-semibold text-amber-950">{m.startSigning}</h2>
        <p className="text-amber-950">{m.requiresSignature}</p>
      </div>
      <Link href={`/sign-document/${id}`} className={`${buttonClasses('primary')} self-start sm:self-auto`}>
        <PenLine aria-hidden="true" className="size-4" />
        {m.signDocument}
      </Link>
    </div>
  );
}
