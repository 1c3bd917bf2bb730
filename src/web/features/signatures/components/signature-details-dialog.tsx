import { Download, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { downloadHref, isPublic } from '#web/features/signatures/lib/signature-view.ts';
import { formatDate } from '#web/features/signatures/lib/format-date.ts';
import { mySignaturesText as t } from '#web/features/signatures/messages.ts';

interface SignatureDetailsDialogProps {
  signature: OwnSignature;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDelete: () => void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

/** 'Signature Details'. Values are rendered as text; the URL is shown, not opened. */
export function SignatureDetailsDialog({
  signature: s,
  open,
  onOpenChange,
  onDelete,
}: SignatureDetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={m.detailsTitle} size="md">
        <dl className="grid min-w-0 gap-3 text-sm">
          <Row label={t.detailsName}>{s.signerName || m.unnamed}</Row>
          <Row label={t.detailsReference}>
            <span className="font-mono">{s.referenceNumber}</span>
          </Row>
          <Row label={t.detailsCreated}>{formatDate(s.createdAt, 'long')}</Row>
          <Row label={t.detailsExpires}>{s.expiresAt ? formatDate(s.expiresAt, 'long') : m.never}</Row>
          <Row label={t.detailsAccess}>{isPublic(s) ? m.accessPublic : m.accessPrivate}</Row>
          <Row label={t.detailsData}>{s.additionalData || m.none}</Row>
          <Row label={t.detailsUrl}>
            <span className="font-mono text-xs break-all">{s.qrCodeData || m.notAvailable}</span>
          </Row>
          <Row label={t.detailsVerified}>
            {s.lookupCount > 0
              ? `${t.verifiedCount(s.lookupCount)}, ${t.lastVerified(formatDate(s.lastVerifiedAt, 'long'))}`
              : t.neverVerified}
          </Row>
          {s.revokedAt ? <Row label={t.detailsRevoked}>{formatDate(s.revokedAt, 'long')}</Row> : null}
        </dl>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t.close}</Button>
          </DialogClose>
          <a href={downloadHref(s.id)} target="_blank" rel="noopener" className={buttonClasses('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            {t.download}
          </a>
          <Button variant="destructive" onClick={onDelete}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t.delete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
