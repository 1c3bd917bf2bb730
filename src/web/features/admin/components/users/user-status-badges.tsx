import { Badge } from '#web/components/ui/badge.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.users;

export function UserStatusBadges({
  disabled,
  emailVerified,
  twoFactor,
}: {
  disabled: boolean;
  emailVerified: boolean;
  /** An authenticator app or a passkey. */
  twoFactor?: boolean;
}) {
  return (
    <span className="flex flex-wrap gap-1">
      {twoFactor ? <Badge tone="info">2FA</Badge> : null}
      {disabled ? <Badge tone="danger">{t.disabled}</Badge> : <Badge tone="success">{t.active}</Badge>}
      {emailVerified ? (
        <Badge tone="neutral">{t.verified}</Badge>
      ) : (
        <Badge tone="warning">{t.unverified}</Badge>
      )}
    </span>
  );
}

export function RoleBadge({ role }: { role: string }) {
  return <Badge tone={role === 'admin' ? 'info' : 'neutral'}>{t.roles[role] ?? role}</Badge>;
}
