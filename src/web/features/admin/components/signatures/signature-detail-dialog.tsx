import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useAdminSignature } from '#web/features/admin/api/get-signature.ts';
import { DetailList } from '#web/features/admin/components/detail-list.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { SignatureBadges } from '#web/features/admin/components/signatures/signature-badges.tsx';
import { formatDateTime, formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.signatures;
const f = t.facts;

/** The saved signature in full, including its clean image (admins only). */
export function SignatureDetailDialog({
  signatureId,
  onClose,
}: {
  signatureId: number | null;
  onClose: () => void;
}) {
  const query = useAdminSignature(signatureId);
  const s = query.data;
  // Judged at the time the server answered, so the badge does not change between renders.
  const expired = s?.expiresAt ? Date.parse(s.expiresAt) <= query.dataUpdatedAt : false;
  return (
    <Dialog open={signatureId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={s ? s.referenceNumber : t.detailLead} description={t.detailLead} size="lg">
        <QueryState query={query} />
        {s ? (
          <div className="space-y-5">
            <div className="grid min-h-32 place-items-center rounded-xl border border-slate-200 bg-slate-50 p-4">
              {/* Images are stored as sanitised PNG or SVG data URLs, which the CSP allows as images only. */}
              {s.signatureData.startsWith('data:image/') ? (
                <img
                  src={s.signatureData}
                  alt={t.imageAlt(s.signerName)}
                  className="max-h-48 max-w-full object-contain"
                />
              ) : (
                <p className="text-sm text-slate-700">{t.noImage}</p>
              )}
            </div>
            <DetailList
              items={[
                [f.signer, s.signerName || adminText.common.none],
                [f.owner, s.ownerEmail ?? adminText.common.anonymous],
                [
                  f.visibility,
                  <SignatureBadges
                    key="v"
                    isPublic={s.isPublic}
                    expired={expired}
                    revoked={s.revokedAt !== null}
                  />,
                ],
                [f.created, formatDateTime(s.createdAt)],
                [f.expires, s.expiresAt ? formatDateTime(s.expiresAt) : t.noExpiry],
                ...(s.revokedAt ? [[f.revoked, formatDateTime(s.revokedAt)] as [string, string]] : []),
                [f.lookups, formatNumber(s.lookupCount)],
                [f.lastVerified, formatDateTime(s.lastVerifiedAt, adminText.common.never)],
                [f.consent, formatDateTime(s.consentAt, adminText.common.no)],
                [f.additional, s.additionalData || adminText.common.none],
              ]}
            />
            {s.qrCodeData ? (
              <p className="text-sm">
                <span className="block text-xs font-medium tracking-wide text-slate-600 uppercase">
                  {f.verifyLink}
                </span>
                <a
                  href={s.qrCodeData}
                  className="break-all text-ink-700 hover:underline"
                  target="_blank"
                  rel="noreferrer"
                >
                  {s.qrCodeData}
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
