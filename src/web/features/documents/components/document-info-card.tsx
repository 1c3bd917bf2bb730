import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentDetail } from '#shared/documents/schemas.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatBytes, formatDate, formatDateTime, formatLongUsDate } from '../lib/format.ts';
import { documentsText as t } from '../messages.ts';
import { currentFile } from '../lib/status.ts';
import { StatusBadge } from './status-badge.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-0.5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

const signerNames = (doc: DocumentDetail) => [...new Set(doc.signatures.map((s) => s.signerName))];

/** The document's side card, and for a signed document what proves it. */
export function DocumentInfoCard({ doc }: { doc: DocumentDetail }) {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t.detailsTitle}</h2>
      <dl className="mt-4 space-y-3">
        <Row label={m.fieldStatus}>
          <StatusBadge status={doc.status} />
        </Row>
        <Row label={m.fieldCreated}>{formatLongUsDate(doc.createdAt)}</Row>
        <Row label={m.fieldFileName}>{doc.originalFilename}</Row>
        <Row label={m.fieldType}>{doc.mimeType}</Row>
        <Row label={t.fieldSize}>
          {formatBytes(currentFile(doc).size)} · {t.pages(currentFile(doc).pages)}
        </Row>
        {doc.shared ? (
          <Row label={t.fieldSharing}>{t.sharedUntil(formatDate(doc.shareExpiresAt))}</Row>
        ) : null}
        {doc.reference ? (
          <>
            <Row label={t.fieldSignedAt}>{formatDateTime(doc.signedAt)}</Row>
            <Row label={t.fieldSigners}>{signerNames(doc).join(', ') || m.statusSigned}</Row>
            <Row label={t.fieldReference}>
              <span className="font-mono text-sm">{doc.reference}</span>
            </Row>
          </>
        ) : null}
      </dl>
      {doc.reference ? (
        <div className="mt-5 space-y-2 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">{t.verifyHint}</p>
          <Link
            href={`/verify-signature?document=${encodeURIComponent(doc.reference)}`}
            className={`${buttonClasses('subtle', 'sm')} w-full`}
          >
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t.verifyLink}
          </Link>
        </div>
      ) : null}
    </Card>
  );
}
