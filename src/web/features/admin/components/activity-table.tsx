import { Link } from 'wouter';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { TableCell } from '#web/components/ui/table.tsx';
import { attemptedAccount, describeActivity } from '#shared/admin/activity.ts';
import type { ActivityItem } from '#shared/admin/answers.ts';
import { DataTable } from '#web/features/admin/components/data-table/data-table.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { adminText as t, eventLabel } from '#web/features/admin/messages.ts';

const tone = (event: string): BadgeTone => {
  if (/failed|blocked|throttled|captcha/.test(event)) return 'warning';
  if (/deleted|revoked/.test(event)) return 'danger';
  if (event.startsWith('admin')) return 'info';
  if (/login|register|verified|created/.test(event)) return 'success';
  return 'neutral';
};

interface ActivityTableProps {
  items: ActivityItem[];
  caption: string;
  emptyText: string;
}

/** The account, or for a sign-in attempt without one the address that was tried. */
function who(a: ActivityItem) {
  if (a.userEmail) return a.userEmail;
  const tried = attemptedAccount(a.detail);
  return tried ? t.common.attempted(tried) : t.common.visitor;
}

function IpLink({ ip }: { ip: string | null }) {
  if (!ip) return <>{t.common.none}</>;
  return (
    <Link href={`/admin/ip-tracking?q=${encodeURIComponent(ip)}`} className="text-ink-700 hover:underline">
      {ip}
    </Link>
  );
}

/**
 * Who did what, when and from where. IPs link to their traffic on the IP tracking page. In a narrow
 * box (a tablet beside the menu) who and IP move under the event, so the details keep room to read.
 */
export function ActivityTable({ items, caption, emptyText }: ActivityTableProps) {
  const c = t.activityColumns;
  return (
    <DataTable
      caption={caption}
      scrollLabel={caption}
      columns={[
        { label: c.when },
        { label: c.event },
        { label: c.who, className: 'hidden @2xl:table-cell' },
        { label: c.ip, className: 'hidden @4xl:table-cell' },
        { label: c.what },
      ]}
      items={items}
      rowKey={(a) => a.id}
      empty={emptyText}
      cells={(a) => (
        <>
          <TableCell>
            <When value={a.createdAt} />
          </TableCell>
          <TableCell className="max-w-56 min-w-44">
            <Badge tone={tone(a.event)}>{eventLabel(a.event)}</Badge>
            <span className="mt-1 block text-xs break-all text-slate-700 @2xl:hidden">
              {who(a)}
              <span className="block font-mono">
                <IpLink ip={a.ip} />
              </span>
            </span>
          </TableCell>
          <TableCell className="hidden break-words @2xl:table-cell">
            {who(a)}
            <span className="block font-mono text-xs @4xl:hidden">
              <IpLink ip={a.ip} />
            </span>
          </TableCell>
          <TableCell className="hidden font-mono text-xs whitespace-nowrap @4xl:table-cell">
            <IpLink ip={a.ip} />
          </TableCell>
          <TableCell className="max-w-md min-w-28 break-words text-slate-700">
            {describeActivity(a.event, a.detail) ?? t.common.none}
          </TableCell>
        </>
      )}
    />
  );
}
