import { useRef, useState } from 'react';
import type { AdminTokenSummary } from '#shared/api/tokens.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { TableCell } from '#web/components/ui/table.tsx';
import { useUserApiTokens } from '#web/features/admin/api/list-user-api-tokens.ts';
import { useRevokeApiToken } from '#web/features/admin/api/revoke-api-token.ts';
import {
  actionsColumn,
  DataTable,
  type DataColumn,
} from '#web/features/admin/components/data-table/data-table.tsx';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { formatDate, formatDateTime, formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.apiTokens;

const columns: DataColumn[] = [
  { label: t.columns.name },
  { label: t.columns.scopes },
  { label: t.columns.lastUsed },
  { label: t.columns.status },
  actionsColumn,
];

/** `now` is when the list was read: a token is shown as it was then. */
function state(token: AdminTokenSummary, now: number) {
  if (token.revokedAt) return <Badge tone="danger">{t.revoked}</Badge>;
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return <Badge tone="warning">{t.expired}</Badge>;
  return <Badge tone="success">{t.active}</Badge>;
}

/** The token's state, with when it was created and when it runs out. */
function Status({ token, now }: { token: AdminTokenSummary; now: number }) {
  return (
    <span className="space-y-1">
      {state(token, now)}
      <span className="block text-xs whitespace-nowrap text-slate-700">
        {t.created(formatDate(token.createdAt))}
      </span>
      {token.expiresAt ? (
        <span className="block text-xs whitespace-nowrap text-slate-700">
          {t.expires(formatDate(token.expiresAt))}
        </span>
      ) : null}
    </span>
  );
}

/** Admin > Users > a user: their API tokens, any of which the admin may revoke. */
export function UserApiTokens({ userId, email }: { userId: number; email: string }) {
  const tokens = useUserApiTokens(userId);
  const revoke = useRevokeApiToken(userId);
  const heading = useRef<HTMLHeadingElement>(null);
  const [revoking, setRevoking] = useState<AdminTokenSummary | null>(null);
  const list = tokens.data ?? [];

  return (
    <section aria-labelledby="user-api-tokens" className="space-y-2">
      <h3 id="user-api-tokens" ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
        {t.heading(formatNumber(list.length))}
      </h3>
      {tokens.isError ? <Alert tone="error">{t.loadFailed}</Alert> : null}
      {tokens.isPending ? <Spinner className="size-5" /> : null}
      {tokens.isSuccess ? (
        <DataTable
          caption={t.caption}
          columns={columns}
          items={list}
          rowKey={(token) => token.id}
          empty={t.none}
          cells={(token) => (
            <>
              <TableCell>
                <span className="font-medium break-words text-slate-900">{token.name}</span>
                <span className="block font-mono text-xs text-slate-700">{token.prefix}…</span>
              </TableCell>
              <TableCell>
                <span className="flex flex-wrap gap-1">
                  {token.scopes.map((scope) => (
                    <Badge key={scope} className="font-mono">
                      {scope}
                    </Badge>
                  ))}
                </span>
              </TableCell>
              <TableCell data-testid="admin-api-token-last-used">
                {token.lastUsedAt ? (
                  <>
                    <span className="block whitespace-nowrap">{formatDateTime(token.lastUsedAt)}</span>
                    {token.lastUsedIp ? (
                      <span className="block font-mono text-xs text-slate-700">
                        {t.from(token.lastUsedIp)}
                      </span>
                    ) : null}
                  </>
                ) : (
                  t.neverUsed
                )}
              </TableCell>
              <TableCell>
                <Status token={token} now={tokens.dataUpdatedAt} />
              </TableCell>
              <TableCell className="text-right">
                {token.revokedAt ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t.revokeLabel(token.name)}
                    onClick={() => {
                      revoke.reset();
                      setRevoking(token);
                    }}
                  >
                    {t.revoke}
                  </Button>
                )}
              </TableCell>
            </>
          )}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={revoking ? t.revokeTitle(revoking.name) : ''}
        description={t.revokeText(email)}
        confirmLabel={t.revokeConfirm}
        pending={revoke.isPending}
        error={revoke.error ? errorText(revoke.error) : null}
        // The revoked token's button is gone: the focus goes back to the list's heading.
        returnFocus={() => heading.current?.focus()}
        onConfirm={() => {
          if (!revoking) return;
          const { id, name } = revoking;
          revoke.mutate(id, {
            onSuccess: () => {
              toast({ title: t.revokedToast(name), variant: 'success' });
              setRevoking(null);
            },
          });
        }}
      />
    </section>
  );
}
