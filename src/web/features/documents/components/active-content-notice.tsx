import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { documentsText as t } from '../messages.ts';

/** What the upload carried that runs or opens something: to be removed, or removed, when signed. */
export function ActiveContentNotice({ doc }: { doc: Pick<DocumentSummary, 'activeContent' | 'status'> }) {
  if (doc.activeContent.length === 0) return null;
  return (
    <Alert tone="info" title={t.activeContentTitle} className="mt-6">
      <span data-testid="active-content">
        {doc.status === 'signed'
          ? m.activeContentRemoved(doc.activeContent)
          : m.activeContentFound(doc.activeContent)}
      </span>
    </Alert>
  );
}
