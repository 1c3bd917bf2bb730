import { Button } from '#web/components/ui/button.tsx';
import { TableCell } from '#web/components/ui/table.tsx';
import type { BlockedIp } from '#shared/admin/answers.ts';
import {
  actionsColumn,
  DataTable,
  type DataColumn,
} from '#web/features/admin/components/data-table/data-table.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.ip;

const columns: DataColumn[] = [
  { label: t.address },
  { label: t.reason },
  { label: t.since, className: 'hidden @xl:table-cell' },
  actionsColumn,
];

export function BlockedTable({
  items,
  onUnblock,
  busy,
}: {
  items: BlockedIp[];
  onUnblock: (ip: string) => void;
  busy: boolean;
}) {
  return (
    <DataTable
      caption={t.blockedCaption}
      columns={columns}
      items={items}
      rowKey={(b) => b.ip}
      empty={t.blockedEmpty}
      cells={(b) => (
        <>
          <TableCell className="font-mono text-xs break-all">{b.ip}</TableCell>
          <TableCell className="break-words">{b.reason}</TableCell>
          <TableCell className="hidden @xl:table-cell">
            <When value={b.createdAt} />
          </TableCell>
          <TableCell className="text-right">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onUnblock(b.ip)}
              disabled={busy}
              aria-label={t.unblockLabel(b.ip)}
            >
              {t.unblock}
            </Button>
          </TableCell>
        </>
      )}
    />
  );
}
