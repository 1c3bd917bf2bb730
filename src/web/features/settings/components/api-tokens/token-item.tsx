import type { ReactNode } from 'react';
import type { TokenSummary } from '#shared/api/tokens.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { apiTokensText as t } from '#web/features/settings/api-tokens-text.ts';
import { formatDate } from '#web/features/settings/components/format-date.ts';

/** Whether calls with the token are still taken (at `now`, when the list was read): revoked wins. */
function tokenState(token: TokenSummary, now: number) {
  if (token.revokedAt) return 'revoked' as const;
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return 'expired' as const;
  return 'active' as const;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** One token of the list: its name and state, what it may do, when it was made and last used. */
export function TokenItem({
  token,
  now,
  onRevoke,
}: {
  token: TokenSummary;
  now: number;
  onRevoke: () => void;
}) {
  const state = tokenState(token, now);
  return (
    <li className="space-y-3 p-4" data-testid="api-token">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
            <span>{token.name}</span>
            {state === 'revoked' ? <Badge tone="danger">{t.statusRevoked}</Badge> : null}
            {state === 'expired' ? <Badge tone="warning">{t.statusExpired}</Badge> : null}
          </p>
          <p className="text-sm text-slate-700">
            {t.prefixLabel} <code className="font-mono text-slate-900">{token.prefix}…</code>
          </p>
        </div>
        {state === 'revoked' ? null : (
          <Button variant="secondary" size="sm" aria-label={t.revokeLabel(token.name)} onClick={onRevoke}>
            {t.revoke}
          </Button>
        )}
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t.scopesLabel}>
        {token.scopes.map((scope) => (
          <li key={scope}>
            <Badge tone={scope.endsWith(':read') ? 'neutral' : 'info'} className="font-mono">
              {scope}
            </Badge>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-3">
        <Fact label={t.createdLabel}>{formatDate(token.createdAt)}</Fact>
        {token.revokedAt ? (
          <Fact label={t.revokedLabel}>{formatDate(token.revokedAt)}</Fact>
        ) : (
          <Fact label={state === 'expired' ? t.expiredLabel : t.expiresLabel}>
            {token.expiresAt ? formatDate(token.expiresAt) : t.never}
          </Fact>
        )}
        <Fact label={t.lastUsedLabel}>
          <span data-testid="api-token-last-used">
            {token.lastUsedAt ? t.usedFrom(formatDate(token.lastUsedAt), token.lastUsedIp) : t.neverUsed}
          </span>
        </Fact>
      </dl>
    </li>
  );
}
