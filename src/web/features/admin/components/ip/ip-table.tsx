import { Ban, ChartColumn, ShieldCheck } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
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
import type { IpRow } from '#web/features/admin/api/types.ts';
import { formatHour, formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.ip;
const c = t.columns;

interface IpTableProps {
  items: IpRow[];
  yourIp: string;
  onDetails: (ip: string) => void;
  onBlock: (ip: string) => void;
  onUnblock: (ip: string) => void;
}

export function IpTable({ items, yourIp, onDetails, onBlock, onUnblock }: IpTableProps) {
  return (
    <Table>
      <TableCaption className="sr-only">{t.caption}</TableCaption>
      <TableHead>
        <tr>
          <TableHeader>{c.ip}</TableHeader>
          <TableHeader className="text-right">{c.requests}</TableHeader>
          <TableHeader className="hidden text-right @xl:table-cell">{c.lookups}</TableHeader>
          <TableHeader className="hidden text-right @xl:table-cell">{c.limited}</TableHeader>
          <TableHeader className="hidden @3xl:table-cell">{c.lastSeen}</TableHeader>
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
          items.map((r) => (
            <TableRow key={r.ip}>
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
              <TableCell>
                <span className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onDetails(r.ip)}
                    aria-label={t.detailsLabel(r.ip)}
                  >
                    <ChartColumn aria-hidden="true" className="size-4" />
                    <span className="hidden @3xl:inline">{t.details}</span>
                  </Button>
                  {r.blocked ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onUnblock(r.ip)}
                      aria-label={t.unblockLabel(r.ip)}
                    >
                      <ShieldCheck aria-hidden="true" className="size-4" />
                      <span className="hidden @3xl:inline">{t.unblock}</span>
                    </Button>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      onClick={() => onBlock(r.ip)}
                      disabled={r.ip === yourIp}
                      aria-label={t.blockLabel(r.ip)}
                    >
                      <Ban aria-hidden="true" className="size-4" />
                      <span className="hidden @3xl:inline">{t.block}</span>
                    </Button>
                  )}
                </span>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
