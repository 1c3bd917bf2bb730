import { History } from 'lucide-react';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { SettingsCardHeader } from './settings-card-header.tsx';
import { settingsText as t } from '#web/features/settings/messages.ts';

const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

function formatLastLogin(value: string | null) {
  if (!value) return t.never;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? t.never : longDate.format(date);
}

export function LoginHistoryCard({ user }: { user: PublicUser }) {
  return (
    <Card>
      <SettingsCardHeader icon={History} title={t.historyHeading} />
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg bg-slate-50 p-4">
            <dt className="text-sm text-slate-600">{t.lastLogin}</dt>
            <dd className="mt-1 font-semibold text-slate-900">
              {user.lastLogin ? (
                <time dateTime={user.lastLogin}>{formatLastLogin(user.lastLogin)}</time>
              ) : (
                t.never
              )}
            </dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-4">
            <dt className="text-sm text-slate-600">{t.loginCount}</dt>
            <dd className="mt-1 font-semibold text-slate-900">{user.loginCount}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
