import { Button } from '#web/components/ui/button.tsx';
import { TableCell } from '#web/components/ui/table.tsx';
import type { UserListParams } from '#web/features/admin/api/list-users.ts';
import type { AdminUser } from '#shared/admin/answers.ts';
import {
  actionsColumn,
  DataTable,
  type DataColumn,
  type SortState,
} from '#web/features/admin/components/data-table/data-table.tsx';
import { RoleBadge, UserStatusBadges } from '#web/features/admin/components/users/user-status-badges.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { formatMegabytes } from '#shared/documents/storage.ts';

const t = adminText.users;
const c = t.columns;

type SortField = UserListParams['sort'];

const columns: DataColumn<SortField>[] = [
  { label: c.user, sortField: 'email' },
  { label: c.name, sortField: 'name', className: 'hidden @4xl:table-cell' },
  { label: c.role },
  { label: c.status, className: 'hidden @3xl:table-cell' },
  { label: c.signatures, className: 'hidden text-right @6xl:table-cell' },
  { label: c.storage, className: 'hidden text-right @5xl:table-cell' },
  { label: c.lastLogin, sortField: 'lastLogin', className: 'hidden @2xl:table-cell' },
  { label: c.logins, sortField: 'loginCount', className: 'hidden @6xl:table-cell' },
  { label: c.joined, sortField: 'createdAt', className: 'hidden @xl:table-cell' },
  actionsColumn,
];

interface UsersTableProps extends SortState<SortField> {
  users: AdminUser[];
  total: number;
  onOpen: (id: number) => void;
  meId?: number;
}

/**
 * Narrow boxes show the name, status and storage under the e-mail address instead of in their own columns;
 * the counts, which the user's details also give, show only where the whole table fits.
 */
export function UsersTable({ users, total, sort, dir, onSort, onOpen, meId }: UsersTableProps) {
  const none = adminText.common.none;
  return (
    <DataTable
      caption={t.caption(formatNumber(total))}
      columns={columns}
      sort={{ sort, dir, onSort }}
      items={users}
      rowKey={(u) => u.id}
      empty={t.empty}
      cells={(u) => (
        <>
          <TableCell className="max-w-72">
            <span className="block font-medium break-words text-slate-900">{u.email}</span>
            <span className="block text-slate-600 @4xl:hidden">{u.name ?? none}</span>
            <span className="block text-sm text-slate-600 tabular-nums @5xl:hidden">
              {t.storageOfQuota(formatMegabytes(u.storage.usedBytes), formatMegabytes(u.storage.quotaBytes))}
            </span>
            <span className="mt-1 block @3xl:hidden">
              <UserStatusBadges
                disabled={u.disabled}
                emailVerified={u.emailVerified}
                twoFactor={u.twoFactor}
              />
            </span>
          </TableCell>
          <TableCell className="hidden max-w-56 min-w-28 wrap-anywhere @4xl:table-cell">
            {u.name ?? <span className="text-slate-600">{none}</span>}
          </TableCell>
          <TableCell>
            <span className="flex flex-wrap gap-1">
              <RoleBadge role={u.role} />
              {u.id === meId ? <span className="text-xs text-slate-600">({t.you})</span> : null}
            </span>
          </TableCell>
          <TableCell className="hidden @3xl:table-cell">
            <UserStatusBadges disabled={u.disabled} emailVerified={u.emailVerified} twoFactor={u.twoFactor} />
          </TableCell>
          <TableCell className="hidden text-right tabular-nums @6xl:table-cell">
            {formatNumber(u.signatureCount)}
          </TableCell>
          <TableCell className="hidden text-right whitespace-nowrap tabular-nums @5xl:table-cell">
            {t.storageOfQuota(formatMegabytes(u.storage.usedBytes), formatMegabytes(u.storage.quotaBytes))}
          </TableCell>
          <TableCell className="hidden @2xl:table-cell">
            <When value={u.lastLogin} empty={adminText.common.never} />
          </TableCell>
          <TableCell className="hidden text-right tabular-nums @6xl:table-cell">
            {formatNumber(u.loginCount)}
          </TableCell>
          <TableCell className="hidden @xl:table-cell">
            <When value={u.createdAt} />
          </TableCell>
          <TableCell className="text-right">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onOpen(u.id)}
              aria-label={t.manageLabel(u.email)}
            >
              {t.manage}
            </Button>
          </TableCell>
        </>
      )}
    />
  );
}
