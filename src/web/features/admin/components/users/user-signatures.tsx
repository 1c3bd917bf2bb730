import { Badge } from '#web/components/ui/badge.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import type { AdminUserDetail } from '#web/features/admin/api/types.ts';
import { formatDate, formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.users;
const s = adminText.signatures;

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
          <Table>
            <TableCaption className="sr-only">{t.signaturesCaption}</TableCaption>
            <TableHead>
              <tr>
                <TableHeader>{s.columns.reference}</TableHeader>
                <TableHeader>{s.columns.signer}</TableHeader>
                <TableHeader className="hidden @lg:table-cell">{s.columns.created}</TableHeader>
                <TableHeader className="text-right">{s.columns.lookups}</TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {signatures.map((sig) => (
                <TableRow key={sig.id}>
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
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {signatureCount > signatures.length ? (
            <p className="text-sm text-slate-700">{t.signaturesMore(signatures.length, signatureCount)}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
