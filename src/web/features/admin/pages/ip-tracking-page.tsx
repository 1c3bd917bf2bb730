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
import { PagedList } from '#web/features/admin/components/data-table/paged-list.tsx';
import { useListState } from '#web/features/admin/components/data-table/use-list-state.ts';
import { RefreshButton } from '#web/features/admin/components/query-state.tsx';
import { SearchField } from '#web/components/search-field.tsx';
import { positiveInt } from '#web/features/admin/hooks/use-search-state.ts';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.ip;
const PAGE_SIZE = 50;

export default function AdminIpTrackingPage() {
  const { state, update, filter, search, paging } = useListState({ hours: '24', ip: '' }, PAGE_SIZE);
  const hours = t.windows.some(([h]) => h === Number(state.hours)) ? positiveInt(state.hours, 24) : 24;
  const query = useIpTracking({ hours, q: state.q || undefined, page: paging.page, pageSize: PAGE_SIZE });
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
          onChange={(h) => filter({ hours: h })}
        />
        <SearchField
          className="w-full sm:w-72"
          label={t.search}
          placeholder={t.searchPlaceholder}
          {...search}
        />
      </div>
      <PagedList query={query} label={t.listLabel} {...paging}>
        {(page) => (
          <IpTable
            items={page.items}
            yourIp={page.yourIp}
            onDetails={(ip) => update({ ip })}
            onBlock={setBlocking}
            onUnblock={doUnblock}
          />
        )}
      </PagedList>
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
