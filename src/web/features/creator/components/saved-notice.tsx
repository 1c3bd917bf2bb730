import { Link } from 'wouter';
import { Alert } from '#web/components/ui/alert.tsx';
import { formatDate } from '../hooks/use-creator-actions.ts';
import { creatorText as t } from '../messages.ts';
import { useCreator } from './creator-context.tsx';

const link = 'font-semibold underline underline-offset-2 hover:no-underline';

/** After a save: the reference number kept by the server and a link to check it. */
export function SavedNotice() {
  const { saved, user } = useCreator();
  if (!saved) return null;
  const ref = saved.referenceNumber;
  return (
    <Alert tone="success" role="status" title={t.savedTitle}>
      <p>
        {t.savedReference}: <strong data-testid="saved-reference">{ref}</strong>.{' '}
        {saved.expiresAt ? t.savedExpires(formatDate(saved.expiresAt)) : t.savedPermanent}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4">
        <Link href={`/verify-signature?ref=${encodeURIComponent(ref)}`} className={link}>
          {t.savedCheck}
        </Link>
        {user ? (
          <Link href="/my-signatures" className={link}>
            {t.savedManage}
          </Link>
        ) : null}
      </p>
    </Alert>
  );
}
