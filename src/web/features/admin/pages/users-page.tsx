import { userSortFields } from '#shared/admin/schemas.ts';
import { useUsers } from '#web/features/admin/api/list-users.ts';
import { AdminPage } from '#web/components/admin-page.tsx';
import { ListToolbar } from '#web/features/admin/components/data-table/list-toolbar.tsx';
import { PagedList } from '#web/features/admin/components/data-table/paged-list.tsx';
import { useListState } from '#web/features/admin/components/data-table/use-list-state.ts';
import { FilterSelect } from '#web/features/admin/components/filter-select.tsx';
import { UserDetailDialog } from '#web/features/admin/components/users/user-detail-dialog.tsx';
import { UsersTable } from '#web/features/admin/components/users/users-table.tsx';
import { oneOf, positiveInt } from '#web/features/admin/hooks/use-search-state.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { useUser } from '#web/lib/session/get-user.ts';

const t = adminText.users;
const PAGE_SIZE = 20;

export default function AdminUsersPage() {
  const { state, update, filter, search, paging } = useListState(
    { role: '', sort: 'createdAt', dir: 'desc', user: '' },
    PAGE_SIZE,
  );
  const params = {
    page: paging.page,
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
      <ListToolbar
        search={{ ...search, label: t.search, placeholder: t.searchPlaceholder, className: 'w-full sm:w-72' }}
      >
        <FilterSelect
          className="w-40"
          label={t.roleFilter}
          value={params.role ?? ''}
          options={[
            ['', t.allRoles],
            ['admin', t.roles.admin!],
            ['user', t.roles.user!],
          ]}
          onChange={(role) => filter({ role })}
        />
      </ListToolbar>
      <PagedList query={query} label={t.listLabel} {...paging}>
        {(data) => (
          <UsersTable
            users={data.items}
            total={data.total}
            sort={params.sort}
            dir={params.dir}
            onSort={(sort, dir) => filter({ sort, dir })}
            onOpen={(id) => update({ user: String(id) })}
            meId={me?.id}
          />
        )}
      </PagedList>
      <UserDetailDialog userId={openId} meId={me?.id} onClose={() => update({ user: '' })} />
    </AdminPage>
  );
}
