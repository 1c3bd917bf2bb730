import { Trash2 } from 'lucide-react';
import { TableCell } from '#web/components/ui/table.tsx';
import type { AdminSignature } from '#shared/admin/answers.ts';
import {
  actionsColumn,
  DataTable,
  type DataColumn,
} from '#web/features/admin/components/data-table/data-table.tsx';
import { RowAction, RowActions } from '#web/features/admin/components/data-table/row-actions.tsx';
import { SignatureBadges } from '#web/features/admin/components/signatures/signature-badges.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { formatDate, formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.signatures;
const c = t.columns;

const columns: DataColumn[] = [
  { label: c.reference },
  { label: c.signer },
  { label: c.owner, className: 'hidden @3xl:table-cell' },
  { label: c.created, className: 'hidden @2xl:table-cell' },
  { label: c.lookups, className: 'text-right' },
  actionsColumn,
];

interface SignaturesTableProps {
  items: AdminSignature[];
  total: number;
  onView: (id: number) => void;
  onDelete: (signature: AdminSignature) => void;
}

export function SignaturesTable({ items, total, onView, onDelete }: SignaturesTableProps) {
  return (
    <DataTable
      caption={t.caption(formatNumber(total))}
      columns={columns}
      items={items}
      rowKey={(s) => s.id}
      empty={t.empty}
      cells={(s) => (
        <>
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
          <RowActions>
            <RowAction
              icon={Trash2}
              label={adminText.common.delete}
              ariaLabel={t.deleteLabel(s.referenceNumber)}
              labelClassName="hidden @4xl:inline"
              onClick={() => onDelete(s)}
              danger
            />
          </RowActions>
        </>
      )}
    />
  );
}
