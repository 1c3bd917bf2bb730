import { Badge } from '#web/components/ui/badge.tsx';
import { TableCell } from '#web/components/ui/table.tsx';
import type { AdminUserDetail } from '#shared/admin/answers.ts';
import { DataTable, type DataColumn } from '#web/features/admin/components/data-table/data-table.tsx';
import { formatDate, formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.users;
const s = adminText.signatures;

const columns: DataColumn[] = [
  { label: s.columns.reference },
  { label: s.columns.signer },
  { label: s.columns.created, className: 'hidden @lg:table-cell' },
  { label: s.columns.lookups, className: 'text-right' },
];

export function UserSignatures({ detail }: { detail: AdminUserDetail }) {
  const { signatures, signatureCount } = detail;
  return (
    <section aria-labelledby="user-signatures" className="space-y-2">
      <h3 id="user-signatures" className="font-semibold text-slate-900">
        {t.signaturesHeading(formatNumber(signatureCount))}
      </h3>
      {signatures.length === 0 ? (
        <p className="text-sm text-slate-700">{t.noSignatures}</p>
      ) : (
        <>
          <DataTable
            caption={t.signaturesCaption}
            columns={columns}
            items={signatures}
            rowKey={(sig) => sig.id}
            empty={t.noSignatures}
            cells={(sig) => (
              <>
                <TableCell className="font-mono text-xs whitespace-nowrap">
                  {sig.referenceNumber}
                  <span className="mt-1 flex gap-1 font-sans">
                    {sig.isPublic ? null : <Badge>{s.private}</Badge>}
                    {sig.revokedAt ? <Badge tone="danger">{s.revoked}</Badge> : null}
                  </span>
                </TableCell>
                <TableCell>{sig.signerName || adminText.common.none}</TableCell>
                <TableCell className="hidden whitespace-nowrap @lg:table-cell">
                  {formatDate(sig.createdAt)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(sig.lookupCount)}</TableCell>
              </>
            )}
          />
          {signatureCount > signatures.length ? (
            <p className="text-sm text-slate-700">{t.signaturesMore(signatures.length, signatureCount)}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
