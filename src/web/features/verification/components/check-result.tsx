import { CircleCheck, FileClock, ShieldAlert } from 'lucide-react';
import type { DocumentVerification } from '#shared/documents/schemas.ts';
import { cn } from '#web/lib/cn.ts';
import { checkText as t } from '../check-messages.ts';
import { formatLongDate } from '../lib/format-date.ts';

const looks = {
  signed: {
    Icon: CircleCheck,
    box: 'border-emerald-300 bg-emerald-50 text-emerald-950',
    title: t.signedTitle,
    text: t.signedText,
  },
  reference: {
    Icon: CircleCheck,
    box: 'border-emerald-300 bg-emerald-50 text-emerald-950',
    title: t.referenceTitle,
    text: t.referenceText,
  },
  original: {
    Icon: FileClock,
    box: 'border-amber-300 bg-amber-50 text-amber-950',
    title: t.originalTitle,
    text: t.originalText,
  },
} as const;

/** What a matching fingerprint or reference tells: which document, who signed it and when. */
export function CheckMatch({ found }: { found: DocumentVerification }) {
  const { Icon, box, title, text } = looks[found.match];
  return (
    <div role="status" data-match={found.match} className={cn('space-y-3 rounded-xl border p-4', box)}>
      <p className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </p>
      <p className="text-sm">{text}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t.name}</dt>
        <dd className="break-words">{found.name}</dd>
        <dt className="font-medium">{t.reference}</dt>
        <dd className="font-mono">{found.reference}</dd>
        <dt className="font-medium">{t.signedAt}</dt>
        <dd>{formatLongDate(found.signedAt)}</dd>
        <dt className="font-medium">{t.signers}</dt>
        <dd>
          <ul>
            {found.signers.map((s) => (
              <li key={`${s.name}-${s.signedAt}`}>{t.signerAt(s.name, formatLongDate(s.signedAt))}</li>
            ))}
          </ul>
        </dd>
      </dl>
    </div>
  );
}

/** No signed document has this fingerprint: most likely a changed copy. */
export function CheckNoMatch({ message }: { message: string }) {
  return (
    <div
      role="alert"
      data-match="none"
      className="space-y-2 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        {t.noMatchTitle}
      </p>
      <p className="text-sm">{message}</p>
      <p className="text-sm">{t.noMatchHint}</p>
    </div>
  );
}
