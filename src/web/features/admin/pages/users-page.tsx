import { userSortFields } from '#shared/admin/schemas.ts';
import { useUsers } from '#web/features/admin/api/list-users.ts';
import { AdminPage } from '#web/features/admin/components/admin-page.tsx';
import { FilterSelect } from '#web/features/admin/components/filter-select.tsx';
import { Pagination } from '#web/features/admin/components/pagination.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { SearchField } from '#web/features/admin/components/search-field.tsx';
import { UserDetailDialog } from '#web/features/admin/components/users/user-detail-dialog.tsx';
import { UsersTable } from '#web/features/admin/components/users/users-table.tsx';
import { oneOf, positiveInt, useSearchState } from '#web/features/admin/hooks/use-search-state.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { useUser } from '#web/lib/session/get-user.ts';

const t = adminText.users;
const PAGE_SIZE = 20;

export default function AdminUsersPage() {
  const [state, update] = useSearchState({
    q: '',
    role: '',
    sort: 'createdAt',
    dir: 'desc',
    page: '1',
    user: '',
  });
  const params = {
    page: positiveInt(state.page, 1),
    pageSize: PAGE_SIZE,
    q: state.q || undefined,
    sort: oneOf(state.sort, userSortFields, 'createdAt'),
    dir: oneOf(state.dir, ['asc', 'desc'] as const, 'desc'),
    role: oneOf(state.role, ['', 'admin', 'user'] as const, '') || undefined,
  };
  const query = useUsers(params);
  const { data: me } = useUser();
  const openId = positiveInt(state.user, 0) || null;
  return (
    <AdminPage title={t.title} lead={t.lead}>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          className="w-full sm:w-72"
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={state.q}
          onSearch={(q) => update({ q, page: '1' })}
        />
        <FilterSelect
          className="w-40"
          label={t.roleFilter}
          value={params.role ?? ''}
          options={[
            ['', t.allRoles],
            ['admin', t.roles.admin!],
            ['user', t.roles.user!],
          ]}
          onChange={(role) => update({ role, page: '1' })}
        />
      </div>
      <QueryState query={query} />
      {query.data ? (
        <div className="space-y-3">
          <UsersTable
            users={query.data.items}
            total={query.data.total}
            sort={params.sort}
            dir={params.dir}
            onSort={(sort, dir) => update({ sort, dir, page: '1' })}
            onOpen={(id) => update({ user: String(id) })}
            meId={me?.id}
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
      <UserDetailDialog userId={openId} meId={me?.id} onClose={() => update({ user: '' })} />
    </AdminPage>
  );
}
