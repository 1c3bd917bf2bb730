import { Mail, MailOpen } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { useSupportMessages } from '#web/features/admin/api/list-support-messages.ts';
import { useSetMessageRead } from '#web/features/admin/api/set-message-read.ts';
import { Section } from '#web/components/admin-page.tsx';
import { PagedList } from '#web/features/admin/components/data-table/paged-list.tsx';
import { formatDateTime, formatNumber } from '#web/features/admin/lib/format.ts';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { cn } from '#web/lib/cn.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.settings;
const PAGE_SIZE = 10;

export function SupportMessages() {
  const [page, setPage] = useState(1);
  const query = useSupportMessages(page, PAGE_SIZE);
  const setRead = useSetMessageRead();
  const data = query.data;
  return (
    <Section
      id="support-heading"
      title={
        <span className="flex items-center gap-2">
          {t.supportHeading}
          {data ? (
            <Badge tone={data.unread ? 'warning' : 'neutral'}>{t.unread(formatNumber(data.unread))}</Badge>
          ) : null}
        </span>
      }
      description={t.supportLead}
    >
      <PagedList
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        label={t.supportLabel}
        empty={<p className="text-sm text-slate-700">{t.noMessages}</p>}
      >
        {({ items }) => (
          <ul className="space-y-3">
            {items.map((m) => (
              <li
                key={m.id}
                className={cn(
                  'rounded-2xl border bg-white p-4 shadow-sm',
                  m.read ? 'border-slate-200' : 'border-amber-300 border-l-4',
                )}
              >
                <article aria-labelledby={`message-${m.id}`} className="space-y-2">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h3 id={`message-${m.id}`} className="font-semibold break-words text-slate-900">
                        {m.subject} {m.read ? null : <Badge tone="warning">{t.unreadBadge}</Badge>}
                      </h3>
                      <p className="text-sm break-all text-slate-700">
                        {t.from(m.name, m.email)} ·{' '}
                        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <a
                        href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                        className={buttonClasses('ghost', 'sm')}
                      >
                        {t.reply}
                      </a>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={setRead.isPending}
                        onClick={() =>
                          setRead.mutate(
                            { id: m.id, read: !m.read },
                            {
                              onError: (error) => toast({ title: errorText(error), variant: 'destructive' }),
                            },
                          )
                        }
                      >
                        {m.read ? (
                          <Mail aria-hidden="true" className="size-4" />
                        ) : (
                          <MailOpen aria-hidden="true" className="size-4" />
                        )}
                        {m.read ? t.markUnread : t.markRead}
                      </Button>
                    </div>
                  </div>
                  <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{m.message}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Section>
  );
}
