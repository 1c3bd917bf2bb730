import { Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import type { AdminSignature } from '#web/features/admin/api/types.ts';
import { SignatureBadges } from '#web/features/admin/components/signatures/signature-badges.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { formatDate, formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.signatures;
const c = t.columns;

interface SignaturesTableProps {
  items: AdminSignature[];
  total: number;
  onView: (id: number) => void;
  onDelete: (signature: AdminSignature) => void;
}

export function SignaturesTable({ items, total, onView, onDelete }: SignaturesTableProps) {
  return (
    <Table>
      <TableCaption className="sr-only">{t.caption(formatNumber(total))}</TableCaption>
      <TableHead>
        <tr>
          <TableHeader>{c.reference}</TableHeader>
          <TableHeader>{c.signer}</TableHeader>
          <TableHeader className="hidden @3xl:table-cell">{c.owner}</TableHeader>
          <TableHeader className="hidden @2xl:table-cell">{c.created}</TableHeader>
          <TableHeader className="text-right">{c.lookups}</TableHeader>
          <TableHeader>
            <span className="sr-only">{adminText.common.actions}</span>
          </TableHeader>
        </tr>
      </TableHead>
      <TableBody>
        {items.length === 0 ? (
          <TableRow>
            <TableCell colSpan={6} className="text-center text-slate-600">
              {t.empty}
            </TableCell>
          </TableRow>
        ) : (
          items.map((s) => (
            <TableRow key={s.id}>
              <TableCell>
                <button
                  type="button"
                  onClick={() => onView(s.id)}
                  aria-label={t.viewLabel(s.referenceNumber)}
                  className="rounded font-mono text-xs whitespace-nowrap text-ink-700 underline-offset-2 hover:underline"
                >
                  {s.referenceNumber}
                </button>
                <span className="mt-1 block">
                  <SignatureBadges isPublic={s.isPublic} expired={s.expired} revoked={s.revokedAt !== null} />
                </span>
              </TableCell>
              <TableCell className="break-words">
                {s.signerName || adminText.common.none}
                <span className="block text-xs break-all text-slate-600 @3xl:hidden">
                  {s.ownerEmail ?? adminText.common.anonymous}
                </span>
              </TableCell>
              <TableCell className="hidden @3xl:table-cell">
                {s.ownerEmail ?? <span className="text-slate-600">{adminText.common.anonymous}</span>}
              </TableCell>
              <TableCell className="hidden @2xl:table-cell">
                <When value={s.createdAt} />
                {s.expiresAt ? (
                  <span className="block text-xs whitespace-nowrap text-slate-600">
                    {t.expiresOn(formatDate(s.expiresAt))}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(s.lookupCount)}</TableCell>
              <TableCell>
                <span className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => onDelete(s)}
                    aria-label={t.deleteLabel(s.referenceNumber)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="hidden @4xl:inline">{adminText.common.delete}</span>
                  </Button>
                </span>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
