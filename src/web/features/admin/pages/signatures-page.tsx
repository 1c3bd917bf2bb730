import { useState } from 'react';
import { signatureFilters } from '#shared/admin/schemas.ts';
import { useSignatures } from '#web/features/admin/api/list-signatures.ts';
import type { AdminSignature } from '#shared/admin/answers.ts';
import { AdminPage } from '#web/components/admin-page.tsx';
import { ListToolbar } from '#web/features/admin/components/data-table/list-toolbar.tsx';
import { PagedList } from '#web/features/admin/components/data-table/paged-list.tsx';
import { useListState } from '#web/features/admin/components/data-table/use-list-state.ts';
import { FilterSelect } from '#web/features/admin/components/filter-select.tsx';
import { DeleteSignatureDialog } from '#web/features/admin/components/signatures/delete-signature-dialog.tsx';
import { SignatureDetailDialog } from '#web/features/admin/components/signatures/signature-detail-dialog.tsx';
import { SignaturesTable } from '#web/features/admin/components/signatures/signatures-table.tsx';
import { oneOf, positiveInt } from '#web/features/admin/hooks/use-search-state.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.signatures;
const PAGE_SIZE = 20;

export default function AdminSignaturesPage() {
  const { state, update, filter, search, paging } = useListState({ filter: 'all', view: '' }, PAGE_SIZE);
  const params = {
    page: paging.page,
    pageSize: PAGE_SIZE,
    q: state.q || undefined,
    filter: oneOf(state.filter, signatureFilters, 'all'),
  };
  const query = useSignatures(params);
  const [deleting, setDeleting] = useState<AdminSignature | null>(null);
  return (
    <AdminPage title={t.title} lead={t.lead}>
      <ListToolbar
        search={{ ...search, label: t.search, placeholder: t.searchPlaceholder, className: 'w-full sm:w-80' }}
      >
        <FilterSelect
          className="w-52"
          label={t.filter}
          value={params.filter}
          options={signatureFilters.map((f) => [f, t.filters[f] ?? f])}
          onChange={(value) => filter({ filter: value })}
        />
      </ListToolbar>
      <PagedList query={query} label={t.listLabel} {...paging}>
        {(data) => (
          <SignaturesTable
            items={data.items}
            total={data.total}
            onView={(id) => update({ view: String(id) })}
            onDelete={setDeleting}
          />
        )}
      </PagedList>
      <SignatureDetailDialog
        signatureId={positiveInt(state.view, 0) || null}
        onClose={() => update({ view: '' })}
      />
      <DeleteSignatureDialog signature={deleting} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}
