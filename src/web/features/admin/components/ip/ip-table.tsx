import { Ban, ChartColumn, ShieldCheck } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
import { TableCell } from '#web/components/ui/table.tsx';
import type { IpRow } from '#shared/admin/answers.ts';
import {
  actionsColumn,
  DataTable,
  type DataColumn,
} from '#web/features/admin/components/data-table/data-table.tsx';
import { RowAction, RowActions } from '#web/features/admin/components/data-table/row-actions.tsx';
import { formatHour, formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.ip;
const c = t.columns;
/** The buttons' labels show from this table width; below it, their icons. */
const wide = 'hidden @3xl:inline';

const columns: DataColumn[] = [
  { label: c.ip },
  { label: c.requests, className: 'text-right' },
  { label: c.lookups, className: 'hidden text-right @xl:table-cell' },
  { label: c.limited, className: 'hidden text-right @xl:table-cell' },
  { label: c.lastSeen, className: 'hidden @3xl:table-cell' },
  actionsColumn,
];

interface IpTableProps {
  items: IpRow[];
  yourIp: string;
  onDetails: (ip: string) => void;
  onBlock: (ip: string) => void;
  onUnblock: (ip: string) => void;
}

export function IpTable({ items, yourIp, onDetails, onBlock, onUnblock }: IpTableProps) {
  return (
    <DataTable
      caption={t.caption}
      columns={columns}
      items={items}
      rowKey={(r) => r.ip}
      empty={t.empty}
      cells={(r) => (
        <>
          <TableCell>
            <span className="block font-mono text-xs break-all text-slate-900">{r.ip}</span>
            <span className="mt-1 flex flex-wrap gap-1">
              {r.ip === yourIp ? <Badge tone="info">{t.you}</Badge> : null}
              {r.blocked ? <Badge tone="danger">{t.blocked}</Badge> : null}
              {r.limited > 0 ? (
                <Badge
                  tone="warning"
                  className="@xl:hidden"
                >{`${formatNumber(r.limited)} ${c.limited.toLowerCase()}`}</Badge>
              ) : null}
            </span>
          </TableCell>
          <TableCell className="text-right tabular-nums">{formatNumber(r.requests)}</TableCell>
          <TableCell className="hidden text-right tabular-nums @xl:table-cell">
            {formatNumber(r.lookups)}
          </TableCell>
          <TableCell className="hidden text-right tabular-nums @xl:table-cell">
            {formatNumber(r.limited)}
          </TableCell>
          <TableCell className="hidden whitespace-nowrap @3xl:table-cell">
            {formatHour(r.lastSeenHour)}
          </TableCell>
          <RowActions>
            <RowAction
              icon={ChartColumn}
              label={t.details}
              ariaLabel={t.detailsLabel(r.ip)}
              labelClassName={wide}
              onClick={() => onDetails(r.ip)}
            />
            {r.blocked ? (
              <RowAction
                icon={ShieldCheck}
                label={t.unblock}
                ariaLabel={t.unblockLabel(r.ip)}
                labelClassName={wide}
                onClick={() => onUnblock(r.ip)}
              />
            ) : r.ip === yourIp ? null : (
              // never offered for the admin's own address: the server refuses it anyway
              <RowAction
                icon={Ban}
                label={t.block}
                ariaLabel={t.blockLabel(r.ip)}
                labelClassName={wide}
                onClick={() => onBlock(r.ip)}
                danger
              />
            )}
          </RowActions>
        </>
      )}
    />
  );
}
