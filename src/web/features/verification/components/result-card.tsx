import { BadgeCheck, FileCheck, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { PublicSignature } from '#shared/signatures/schemas.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { VerificationCopy } from '#web/features/verification/components/verification-copy.tsx';
import { formatLongDate } from '#web/features/verification/lib/format-date.ts';
import type { ClaimedDetails } from '#web/features/verification/lib/lookup-types.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

interface ResultCardProps {
  signature: PublicSignature;
  claimed?: ClaimedDetails;
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What our records say about the signature. Every value is rendered as text, never as HTML. */
export function ResultCard({ signature, claimed, headingRef, children }: ResultCardProps) {
  const use = signature.documentUse;
  const rows = use
    ? [
        { label: t.signerLabel, value: signature.signerName || m.notAvailable },
        { label: t.referenceNumberLabel, value: signature.referenceNumber, mono: true },
        { label: t.signedOnLabel, value: formatLongDate(use.lastSignedAt) },
        ...(use.documents > 1
          ? [
              { label: t.documentsSignedLabel, value: String(use.documents) },
              { label: t.firstSignedLabel, value: formatLongDate(use.firstSignedAt) },
            ]
          : []),
      ]
    : [
        { label: t.signerLabel, value: signature.signerName || m.notAvailable },
        { label: t.referenceNumberLabel, value: signature.referenceNumber, mono: true },
        { label: t.referenceDataLabel, value: signature.additionalData || m.none },
        { label: t.signedOnLabel, value: formatLongDate(signature.createdAt) },
      ];
  const nameDiffers = Boolean(claimed?.name && !sameName(claimed.name, signature.signerName));
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="overflow-hidden border-emerald-300">
      <div className="flex items-start gap-3 border-b border-emerald-200 bg-emerald-50 px-6 py-4">
        <BadgeCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <div>
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-emerald-950 outline-none"
          >
            {t.resultTitle}
          </h2>
          <p className="text-sm text-emerald-900">{t.resultLead}</p>
        </div>
      </div>
      <CardContent className="space-y-5">
        {use ? (
          <DocumentUse documents={use.documents} />
        ) : (
          <VerificationCopy src={signature.signatureData} signerName={signature.signerName} />
        )}
        {nameDiffers ? (
          <p role="alert" className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {m.urlNameMismatch}
          </p>
        ) : null}
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.label} className="min-w-0">
              <dt className="text-slate-600">{row.label}</dt>
              <dd
                className={`font-semibold [overflow-wrap:anywhere] text-slate-900 ${row.mono ? 'font-mono' : ''}`}
              >
                {row.value}
              </dd>
            </div>
          ))}
          {signature.isRegisteredUser || use ? null : (
            <div className="sm:col-span-2">
              <dt className="text-slate-600">{m.expiresOn}</dt>
              <dd className="font-semibold text-slate-900">{formatLongDate(signature.expiresAt)}</dd>
            </div>
          )}
        </dl>
        {signature.isRegisteredUser && !use ? (
          <p className="font-semibold text-emerald-800">{m.permanent}</p>
        ) : null}
        {signature.signatureData ? <p className="text-sm text-slate-600">{t.compareHint}</p> : null}
        {children}
      </CardContent>
    </Card>
  );
}

/** In place of the image of a private signature: the signing it did, and where to check the document. */
function DocumentUse({ documents }: { documents: number }) {
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <FileCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
        {t.documentUseTitle(documents)}
      </p>
      <p>{t.documentUseText}</p>
      <p>
        {t.documentCheckHint}{' '}
        <a href="#check-document" className="font-medium text-ink-700 underline">
          {t.documentCheckLink}
        </a>
      </p>
    </div>
  );
}
