import { Ban, Copy, Download, Eye, ImageOff, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/lib/toast.ts';
import { useDeleteSignature } from '#web/features/signatures/api/delete-signature.ts';
import { useRevokeSignature } from '#web/features/signatures/api/revoke-signature.ts';
import { AccessSwitch } from '#web/features/signatures/components/access-switch.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { SignatureDetailsDialog } from '#web/features/signatures/components/signature-details-dialog.tsx';
import { VerificationStats } from '#web/features/signatures/components/verification-stats.tsx';
import { formatDate } from '#web/features/signatures/lib/format-date.ts';
import { downloadHref, imageSrc, isPublic } from '#web/features/signatures/lib/signature-view.ts';
import { mySignaturesText as t } from '#web/features/signatures/messages.ts';

type Open = 'details' | 'delete' | 'revoke' | null;

export function SignatureCard({ signature: s }: { signature: OwnSignature }) {
  const [open, setOpen] = useState<Open>(null);
  const viewId = useId();
  const remove = useDeleteSignature();
  const revoke = useRevokeSignature();
  const name = s.signerName || m.unnamed;
  const src = imageSrc(s.signatureData);
  const close = (isOpen: boolean) => (isOpen ? undefined : setOpen(null));

  return (
    <Card className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900" title={name}>
            {name}
          </h2>
          <p className="text-sm text-slate-600">
            {t.created} {formatDate(s.createdAt)}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          {isPublic(s) ? null : <Badge tone="warning">{m.accessPrivate}</Badge>}
          {s.revokedAt ? <Badge tone="danger">{m.revokedBadge}</Badge> : null}
        </div>
      </div>
      <div className="relative grid h-32 place-items-center overflow-hidden rounded-xl border border-slate-200 bg-white">
        {src ? (
          // Fills the box and letterboxes the drawing in it: a wide or tall signature shows whole.
          <img src={src} alt={t.imageAlt(name)} className="absolute inset-0 size-full object-contain p-2" />
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <ImageOff aria-hidden="true" className="size-4" />
            {m.imageMissing}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Badge>{t.idBadge(s.id)}</Badge>
        <Badge tone="info" className="font-mono">
          {t.refBadge(s.referenceNumber)}
        </Badge>
        <Badge>{t.expiresBadge(s.expiresAt ? formatDate(s.expiresAt) : m.never)}</Badge>
      </div>
      <VerificationStats signature={s} />
      <AccessSwitch signature={s} />
      <div role="group" aria-label={t.actionsFor(name)} className="mt-auto flex flex-wrap gap-2">
        <Button id={viewId} variant="secondary" size="sm" onClick={() => setOpen('details')}>
          <Eye aria-hidden="true" className="size-4" />
          {t.view}
        </Button>
        <a
          href={downloadHref(s.id)}
          target="_blank"
          rel="noopener"
          className={buttonClasses('secondary', 'sm')}
        >
          <Download aria-hidden="true" className="size-4" />
          {t.download}
        </a>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => toast({ title: m.copySoonTitle, description: m.copySoonText })}
        >
          <Copy aria-hidden="true" className="size-4" />
          {t.copy}
        </Button>
        {s.revokedAt ? null : (
          <Button variant="secondary" size="sm" onClick={() => setOpen('revoke')}>
            <Ban aria-hidden="true" className="size-4" />
            {t.revoke}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => setOpen('delete')}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t.delete}
        </Button>
      </div>
      <SignatureDetailsDialog
        signature={s}
        open={open === 'details'}
        onOpenChange={close}
        onDelete={() => setOpen('delete')}
      />
      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={close}
        title={m.deleteConfirm}
        description={t.deleteConfirmText}
        confirmLabel={t.delete}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(s.id, { onSettled: () => setOpen(null) })}
        returnFocus={() => document.getElementById(viewId)?.focus()}
      />
      <ConfirmDialog
        open={open === 'revoke'}
        onOpenChange={close}
        title={m.revokeConfirmTitle}
        description={m.revokeConfirm}
        confirmLabel={t.revoke}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(s.id, { onSettled: () => setOpen(null) })}
        returnFocus={() => document.getElementById(viewId)?.focus()}
      />
    </Card>
  );
}
