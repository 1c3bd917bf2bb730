import { RefreshCw } from 'lucide-react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText as t } from '#web/features/admin/messages.ts';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Loading and error states of a query; renders nothing once data is there. */
export function QueryState({ query, label = t.common.loading }: { query: QueryLike; label?: string }) {
  if (query.isPending) return <LoadingState label={label} showLabel />;
  if (query.isError) {
    return (
      <Alert tone="error" role="alert" title={t.common.loadFailed}>
        <p>{errorText(query.error)}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t.common.retry}
        </Button>
      </Alert>
    );
  }
  return null;
}

/** A 'Refresh' button for pages whose figures move while the admin looks at them. */
export function RefreshButton({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} disabled={busy}>
      <RefreshCw aria-hidden="true" className={busy ? 'size-4 animate-spin' : 'size-4'} />
      {t.common.refresh}
    </Button>
  );
}
