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
import type { BlockedIp } from '#web/features/admin/api/types.ts';
import { When } from '#web/features/admin/components/when.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.ip;

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
    <Table>
      <TableCaption className="sr-only">{t.blockedCaption}</TableCaption>
      <TableHead>
        <tr>
          <TableHeader>{t.address}</TableHeader>
          <TableHeader>{t.reason}</TableHeader>
          <TableHeader className="hidden @xl:table-cell">{t.since}</TableHeader>
          <TableHeader>
            <span className="sr-only">{adminText.common.actions}</span>
          </TableHeader>
        </tr>
      </TableHead>
      <TableBody>
        {items.length === 0 ? (
          <TableRow>
            <TableCell colSpan={4} className="text-center text-slate-600">
              {t.blockedEmpty}
            </TableCell>
          </TableRow>
        ) : (
          items.map((b) => (
            <TableRow key={b.ip}>
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
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
