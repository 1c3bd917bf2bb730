import { Button } from '#web/components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import type { UserListParams } from '#web/features/admin/api/list-users.ts';
import type { AdminUser } from '#web/features/admin/api/types.ts';
import { SortableHeader } from '#web/features/admin/components/sortable-header.tsx';
import { RoleBadge, UserStatusBadges } from '#web/features/admin/components/users/user-status-badges.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.users;
const c = t.columns;

interface UsersTableProps {
  users: AdminUser[];
  total: number;
  sort: UserListParams['sort'];
  dir: UserListParams['dir'];
  onSort: (sort: UserListParams['sort'], dir: UserListParams['dir']) => void;
  onOpen: (id: number) => void;
  meId?: number;
}

export function UsersTable({ users, total, sort, dir, onSort, onOpen, meId }: UsersTableProps) {
  const sortProps = { sort, dir, onSort };
  return (
    <Table>
      <TableCaption className="sr-only">{t.caption(formatNumber(total))}</TableCaption>
      <TableHead>
        <tr>
          <SortableHeader field="email" label={c.user} {...sortProps} />
          <TableHeader>{c.role}</TableHeader>
          <TableHeader className="hidden @3xl:table-cell">{c.status}</TableHeader>
          <TableHeader className="hidden text-right @4xl:table-cell">{c.signatures}</TableHeader>
          <SortableHeader
            field="lastLogin"
            label={c.lastLogin}
            {...sortProps}
            className="hidden @2xl:table-cell"
          />
          <SortableHeader
            field="loginCount"
            label={c.logins}
            {...sortProps}
            className="hidden @4xl:table-cell"
          />
          <SortableHeader
            field="createdAt"
            label={c.joined}
            {...sortProps}
            className="hidden @xl:table-cell"
          />
          <TableHeader>
            <span className="sr-only">{adminText.common.actions}</span>
          </TableHeader>
        </tr>
      </TableHead>
      <TableBody>
        {users.length === 0 ? (
          <TableRow>
            <TableCell colSpan={8} className="text-center text-slate-600">
              {t.empty}
            </TableCell>
          </TableRow>
        ) : (
          users.map((u) => (
            <TableRow key={u.id}>
              <TableCell className="max-w-72">
                <span className="block font-medium break-words text-slate-900">{u.email}</span>
                <span className="block text-slate-600">{u.name ?? adminText.common.none}</span>
                <span className="mt-1 block @3xl:hidden">
                  <UserStatusBadges disabled={u.disabled} emailVerified={u.emailVerified} />
                </span>
              </TableCell>
              <TableCell>
                <span className="flex flex-wrap gap-1">
                  <RoleBadge role={u.role} />
                  {u.id === meId ? <span className="text-xs text-slate-600">({t.you})</span> : null}
                </span>
              </TableCell>
              <TableCell className="hidden @3xl:table-cell">
                <UserStatusBadges disabled={u.disabled} emailVerified={u.emailVerified} />
              </TableCell>
              <TableCell className="hidden text-right tabular-nums @4xl:table-cell">
                {formatNumber(u.signatureCount)}
              </TableCell>
              <TableCell className="hidden @2xl:table-cell">
                <When value={u.lastLogin} empty={adminText.common.never} />
              </TableCell>
              <TableCell className="hidden text-right tabular-nums @4xl:table-cell">
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
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
