import { useState } from 'react';
import { signatureFilters } from '#shared/admin/schemas.ts';
import { useSignatures } from '#web/features/admin/api/list-signatures.ts';
import type { AdminSignature } from '#web/features/admin/api/types.ts';
import { AdminPage } from '#web/features/admin/components/admin-page.tsx';
import { FilterSelect } from '#web/features/admin/components/filter-select.tsx';
import { Pagination } from '#web/features/admin/components/pagination.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { SearchField } from '#web/features/admin/components/search-field.tsx';
import { DeleteSignatureDialog } from '#web/features/admin/components/signatures/delete-signature-dialog.tsx';
import { SignatureDetailDialog } from '#web/features/admin/components/signatures/signature-detail-dialog.tsx';
import { SignaturesTable } from '#web/features/admin/components/signatures/signatures-table.tsx';
import { oneOf, positiveInt, useSearchState } from '#web/features/admin/hooks/use-search-state.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.signatures;
const PAGE_SIZE = 20;

export default function AdminSignaturesPage() {
  const [state, update] = useSearchState({ q: '', filter: 'all', page: '1', view: '' });
  const params = {
    page: positiveInt(state.page, 1),
    pageSize: PAGE_SIZE,
    q: state.q || undefined,
    filter: oneOf(state.filter, signatureFilters, 'all'),
  };
  const query = useSignatures(params);
  const [deleting, setDeleting] = useState<AdminSignature | null>(null);
  return (
    <AdminPage title={t.title} lead={t.lead}>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          className="w-full sm:w-80"
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={state.q}
          onSearch={(q) => update({ q, page: '1' })}
        />
        <FilterSelect
          className="w-52"
          label={t.filter}
          value={params.filter}
          options={signatureFilters.map((f) => [f, t.filters[f] ?? f])}
          onChange={(filter) => update({ filter, page: '1' })}
        />
      </div>
      <QueryState query={query} />
      {query.data ? (
        <div className="space-y-3">
          <SignaturesTable
            items={query.data.items}
            total={query.data.total}
            onView={(id) => update({ view: String(id) })}
            onDelete={setDeleting}
          />
          <Pagination
            page={params.page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            label={t.listLabel}
            onPage={(page) => update({ page: String(page) })}
          />
        </div>
      ) : null}
      <SignatureDetailDialog
        signatureId={positiveInt(state.view, 0) || null}
        onClose={() => update({ view: '' })}
      />
      <DeleteSignatureDialog signature={deleting} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}
