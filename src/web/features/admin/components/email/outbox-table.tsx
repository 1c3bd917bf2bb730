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
import type { OutboxItem } from '#web/features/admin/api/types.ts';
import { When } from '#web/features/admin/components/when.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.email;

export function OutboxTable({ items }: { items: OutboxItem[] }) {
  return (
    <Table>
      <TableCaption className="sr-only">{t.outboxCaption}</TableCaption>
      <TableHead>
        <tr>
          <TableHeader>{t.columns.to}</TableHeader>
          <TableHeader>{t.columns.subject}</TableHeader>
          <TableHeader className="hidden @2xl:table-cell">{t.columns.queued}</TableHeader>
          <TableHeader>{t.columns.status}</TableHeader>
        </tr>
      </TableHead>
      <TableBody>
        {items.length === 0 ? (
          <TableRow>
            <TableCell colSpan={4} className="text-center text-slate-600">
              {t.outboxEmpty}
            </TableCell>
          </TableRow>
        ) : (
          items.map((m) => (
            <TableRow key={m.id}>
              <TableCell className="break-all">{m.to}</TableCell>
              <TableCell className="min-w-48">
                {m.subject}
                <details className="mt-1 text-xs">
                  <summary className="w-fit cursor-pointer text-ink-700 hover:underline">
                    {t.showText}
                  </summary>
                  <pre className="mt-1 max-w-xl font-sans break-words whitespace-pre-wrap text-slate-700">
                    {m.text}
                  </pre>
                </details>
              </TableCell>
              <TableCell className="hidden @2xl:table-cell">
                <When value={m.createdAt} />
              </TableCell>
              <TableCell className="max-w-56">
                {m.error ? <Badge tone="danger">{m.error}</Badge> : <Badge>{t.waiting}</Badge>}
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
