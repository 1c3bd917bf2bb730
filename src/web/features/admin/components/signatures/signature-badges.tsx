import { Badge } from '#web/components/ui/badge.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.signatures;

export function SignatureBadges({
  isPublic,
  expired,
  revoked,
}: {
  isPublic: boolean;
  expired: boolean;
  revoked: boolean;
}) {
  return (
    <span className="flex flex-wrap gap-1">
      {isPublic ? <Badge tone="success">{t.public}</Badge> : <Badge>{t.private}</Badge>}
      {expired ? <Badge tone="warning">{t.expired}</Badge> : null}
      {revoked ? <Badge tone="danger">{t.revoked}</Badge> : null}
    </span>
  );
}
