import { Badge } from '#web/components/ui/badge.tsx';
import { TableCell } from '#web/components/ui/table.tsx';
import type { OutboxItem } from '#shared/admin/answers.ts';
import { DataTable } from '#web/features/admin/components/data-table/data-table.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.email;

export function OutboxTable({ items }: { items: OutboxItem[] }) {
  return (
    <DataTable
      caption={t.outboxCaption}
      columns={[
        { label: t.columns.to },
        { label: t.columns.subject },
        { label: t.columns.queued, className: 'hidden @2xl:table-cell' },
        { label: t.columns.status },
      ]}
      items={items}
      rowKey={(m) => m.id}
      empty={t.outboxEmpty}
      cells={(m) => (
        <>
          <TableCell className="break-all">{m.to}</TableCell>
          <TableCell className="min-w-48">
            {m.subject}
            <details className="mt-1 text-xs">
              <summary className="w-fit cursor-pointer text-ink-700 hover:underline">{t.showText}</summary>
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
        </>
      )}
    />
  );
}
