import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useIpTracking } from '#web/features/admin/api/list-ips.ts';
import { useUnblockIp } from '#web/features/admin/api/unblock-ip.ts';
import { AdminPage, Section } from '#web/components/admin-page.tsx';
import { FilterSelect } from '#web/features/admin/components/filter-select.tsx';
import { BlockIpForm } from '#web/features/admin/components/ip/block-ip-form.tsx';
import { BlockedTable } from '#web/features/admin/components/ip/blocked-table.tsx';
import { IpDetailDialog } from '#web/features/admin/components/ip/ip-detail-dialog.tsx';
import { IpTable } from '#web/features/admin/components/ip/ip-table.tsx';
import { QueryState, RefreshButton } from '#web/features/admin/components/query-state.tsx';
import { SearchField } from '#web/components/search-field.tsx';
import { positiveInt, useSearchState } from '#web/features/admin/hooks/use-search-state.ts';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.ip;

export default function AdminIpTrackingPage() {
  const [state, update] = useSearchState({ hours: '24', q: '', ip: '' });
  const hours = t.windows.some(([h]) => h === Number(state.hours)) ? positiveInt(state.hours, 24) : 24;
  const query = useIpTracking({ hours, q: state.q || undefined });
  const unblock = useUnblockIp();
  const [blocking, setBlocking] = useState<string | null>(null);
  const doUnblock = (ip: string) =>
    unblock.mutate(ip, {
      onSuccess: () => toast({ title: t.unblockedToast(ip), variant: 'success' }),
      onError: (error) => toast({ title: errorText(error), variant: 'destructive' }),
    });
  const data = query.data;
  return (
    <AdminPage
      title={t.title}
      lead={t.lead}
      actions={<RefreshButton onClick={() => void query.refetch()} busy={query.isFetching} />}
    >
      {data ? <Alert tone="info">{t.yourIp(data.yourIp)}</Alert> : null}
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          className="w-48"
          label={t.window}
          value={String(hours)}
          options={t.windows.map(([h, label]) => [String(h), label])}
          onChange={(h) => update({ hours: h })}
        />
        <SearchField
          className="w-full sm:w-72"
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={state.q}
          onSearch={(q) => update({ q })}
        />
      </div>
      <QueryState query={query} />
      {data ? (
        <IpTable
          items={data.items}
          yourIp={data.yourIp}
          onDetails={(ip) => update({ ip })}
          onBlock={setBlocking}
          onUnblock={doUnblock}
        />
      ) : null}
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <Section id="block-heading" title={t.blockHeading} description={t.blockLead}>
          <Card>
            <CardContent>
              <BlockIpForm />
            </CardContent>
          </Card>
        </Section>
        <Section id="blocked-heading" title={t.blockedHeading}>
          {data ? <BlockedTable items={data.blocked} onUnblock={doUnblock} busy={unblock.isPending} /> : null}
        </Section>
      </div>
      <IpDetailDialog ip={state.ip || null} hours={hours} onClose={() => update({ ip: '' })} />
      <Dialog open={blocking !== null} onOpenChange={(open) => !open && setBlocking(null)}>
        <DialogContent title={t.blockTitle(blocking ?? '')} description={t.blockLead} size="sm">
          {blocking ? <BlockIpForm defaultIp={blocking} onBlocked={() => setBlocking(null)} /> : null}
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}
