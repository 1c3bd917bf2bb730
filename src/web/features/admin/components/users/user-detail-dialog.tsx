import { Link } from 'wouter';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useAdminUser } from '#web/features/admin/api/get-user.ts';
import { DetailList } from '#web/features/admin/components/detail-list.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { UserApiTokens } from '#web/features/admin/components/users/user-api-tokens.tsx';
import { UserActions } from '#web/features/admin/components/users/user-actions.tsx';
import { UserSignatures } from '#web/features/admin/components/users/user-signatures.tsx';
import { RoleBadge, UserStatusBadges } from '#web/features/admin/components/users/user-status-badges.tsx';
import { formatDateTime, formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { formatMegabytes } from '#shared/documents/storage.ts';

const t = adminText.users;

interface UserDetailDialogProps {
  userId: number | null;
  meId?: number;
  onClose: () => void;
}

/** Everything about one account, with the admin's actions on it. */
export function UserDetailDialog({ userId, meId, onClose }: UserDetailDialogProps) {
  const query = useAdminUser(userId);
  const detail = query.data;
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={detail ? t.detailTitle(detail.user.email) : t.detailLead}
        description={t.detailLead}
        size="lg"
      >
        <QueryState query={query} />
        {detail ? (
          <div className="space-y-6">
            <DetailList
              items={[
                [t.facts.name, detail.user.name ?? adminText.common.none],
                [t.facts.role, <RoleBadge key="role" role={detail.user.role} />],
                [t.columns.status, <UserStatusBadges key="status" {...detail.user} />],
                [t.facts.joined, formatDateTime(detail.user.createdAt)],
                [t.facts.lastLogin, formatDateTime(detail.user.lastLogin, adminText.common.never)],
                [t.facts.logins, formatNumber(detail.user.loginCount)],
                [t.facts.sessions, formatNumber(detail.activeSessions)],
                [
                  t.facts.storage,
                  `${t.storageOfQuota(formatMegabytes(detail.storage.usedBytes), formatMegabytes(detail.storage.quotaBytes))} ${
                    detail.storage.overrideBytes === null ? t.quotaDefault : t.quotaOwn
                  }`,
                ],
                ...(detail.user.disabledAt
                  ? [[t.facts.disabledSince, formatDateTime(detail.user.disabledAt)] as [string, string]]
                  : []),
              ]}
            />
            <Link
              href={`/admin/activities?userId=${detail.user.id}`}
              className="inline-block text-sm font-medium text-ink-700 hover:underline"
            >
              {t.activityLink}
            </Link>
            <UserSignatures detail={detail} />
            <UserApiTokens userId={detail.user.id} email={detail.user.email} />
            <UserActions detail={detail} isMe={detail.user.id === meId} onDeleted={onClose} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
