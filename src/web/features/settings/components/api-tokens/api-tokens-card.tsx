import { KeySquare, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { TokenSummary } from '#shared/api/tokens.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { apiTokensText as t } from '#web/features/settings/api-tokens-text.ts';
import { useApiTokens } from '#web/features/settings/api/list-api-tokens.ts';
import { useRevokeApiToken } from '#web/features/settings/api/revoke-api-token.ts';
import { SettingsCardHeader } from '#web/features/settings/components/settings-card-header.tsx';
import { CreateTokenDialog } from './create-token-dialog.tsx';
import { TokenItem } from './token-item.tsx';

/** Settings > API: the account's tokens; create one (shown once), revoke one. */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const top = useRef<HTMLDivElement>(null);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TokenSummary | null>(null);
  const [notice, setNotice] = useState('');
  const list = tokens.data ?? [];

  const confirmRevoke = () => {
    if (!revoking) return;
    const { id, name } = revoking;
    revoke.mutate(id, {
      onSuccess: () => {
        setNotice(t.revoked(name));
        setRevoking(null);
      },
    });
  };

  return (
    <Card>
      <SettingsCardHeader icon={KeySquare} title={t.heading} intro={t.intro} />
      <CardContent className="space-y-4">
        <div ref={top} className="flex flex-wrap items-center justify-between gap-3">
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t.create}
          </Button>
          <a href="/developers" className="text-sm font-medium text-ink-700 underline hover:text-ink-800">
            {t.referenceLink}
          </a>
        </div>
        {/* Always in the page, so that a screen reader hears what changes in it. */}
        <p role="status" className="text-sm text-emerald-800 empty:hidden">
          {notice}
        </p>
        {tokens.isError ? <Alert tone="error">{t.loadFailed}</Alert> : null}
        {tokens.isPending ? <Spinner className="size-5" /> : null}
        {tokens.isSuccess && list.length === 0 ? <p className="text-sm text-slate-700">{t.none}</p> : null}
        {list.length > 0 ? (
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200"
            aria-label={t.listLabel}
          >
            {list.map((token) => (
              <TokenItem
                key={token.id}
                token={token}
                now={tokens.dataUpdatedAt}
                onRevoke={() => {
                  revoke.reset();
                  setRevoking(token);
                }}
              />
            ))}
          </ul>
        ) : null}
      </CardContent>
      <CreateTokenDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(token) => setNotice(t.created(token.name))}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={revoking ? t.revokeTitle(revoking.name) : ''}
        description={t.revokeText}
        confirmLabel={t.revokeConfirm}
        cancelLabel={t.cancel}
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
        error={
          revoke.error ? (revoke.error instanceof ApiError ? revoke.error.message : t.revokeFailed) : null
        }
        // The revoked token's button is gone: the focus goes back to the top of the card.
        returnFocus={() => top.current?.querySelector('button')?.focus()}
      />
    </Card>
  );
}
