import { useQueryClient } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { SettingsCardHeader } from './settings-card-header.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import {
  sessionsKey,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
} from '#web/features/settings/api/sessions.ts';
import { ErrorNote } from '#web/features/settings/components/error-note.tsx';
import { formatDate } from '#web/features/settings/components/format-date.ts';
import { securityText as t } from '#web/features/settings/security-text.ts';

/** Settings > Security: where the account is signed in; sign out one, or all but this one. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const others = useRevokeOtherSessions();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: sessionsKey });
  const list = sessions.data ?? [];

  return (
    <Card>
      <SettingsCardHeader icon={MonitorSmartphone} title={t.sessionsHeading} intro={t.sessionsIntro} />
      <CardContent className="space-y-4">
        {notice ? (
          <Alert tone="success" role="status">
            {notice}
          </Alert>
        ) : null}
        <ErrorNote error={revoke.error ?? others.error} />
        {sessions.isError ? <Alert tone="error">{t.loadFailed}</Alert> : null}
        {sessions.isPending ? <Spinner className="size-5" /> : null}
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label={t.sessionsHeading}
        >
          {list.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 p-3"
              data-testid="session"
            >
              <div>
                <p className="flex items-center gap-2 font-medium text-slate-900">
                  {s.device}
                  {s.current ? <Badge>{t.thisDevice}</Badge> : null}
                </p>
                <p className="text-sm text-slate-700">
                  {s.ip ?? t.unknownIp} · {t.signedIn} {formatDate(s.createdAt)} · {t.lastSeen}{' '}
                  {formatDate(s.lastSeenAt)}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t.signOutLabel(`${s.device}, ${s.ip ?? t.unknownIp}`)}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(s.id, { onSuccess: reload })}
                >
                  {t.signOut}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {list.length > 1 ? (
          <Button
            variant="secondary"
            disabled={others.isPending}
            onClick={() =>
              others.mutate(undefined, {
                onSuccess: ({ revoked }) => {
                  setNotice(t.othersSignedOut(revoked));
                  reload();
                },
              })
            }
          >
            {t.signOutOthers}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
