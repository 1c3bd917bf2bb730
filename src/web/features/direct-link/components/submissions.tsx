import { Link } from 'wouter';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import type { RequestStatus } from '#shared/requests/answers.ts';
import { useSubmissions } from '../api/get-submissions.ts';
import { directLinkText as t } from '../messages.ts';

const tone: Record<RequestStatus, BadgeTone> = {
  active: 'info',
  completed: 'success',
  cancelled: 'neutral',
  declined: 'danger',
  expired: 'warning',
};

/** Who used the link, newest first, each with their request's state and document. */
export function Submissions({ templateId }: { templateId: number }) {
  const query = useSubmissions(templateId, true);
  const items = query.data?.items ?? [];
  return (
    <Card className="space-y-3 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t.submissionsTitle}</h2>
      {query.isPending ? (
        <Spinner className="size-5" />
      ) : query.error ? (
        <p role="alert" className="text-red-800">
          {query.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-slate-700">{t.submissionsEmpty}</p>
      ) : (
        <Table>
          <TableHead>
            <TableRow>
              <TableHeader>{t.colName}</TableHeader>
              <TableHeader className="hidden @lg:table-cell">{t.colEmail}</TableHeader>
              <TableHeader>{t.colWhen}</TableHeader>
              <TableHeader>{t.colStatus}</TableHeader>
              <TableHeader>
                <span className="sr-only">{t.colDocument}</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  <span className="font-medium text-slate-900">{s.name}</span>
                  <span className="block text-xs break-all text-slate-600 @lg:hidden">{s.email}</span>
                </TableCell>
                <TableCell className="hidden break-all @lg:table-cell">{s.email}</TableCell>
                <TableCell>
                  <time dateTime={s.createdAt} className="tabular-nums">
                    {t.utc(s.createdAt)}
                  </time>
                </TableCell>
                <TableCell>
                  {s.status ? (
                    <Badge tone={tone[s.status]}>{t.requestStates[s.status]}</Badge>
                  ) : (
                    <Badge tone="neutral">{t.requestGone}</Badge>
                  )}
                </TableCell>
                <TableCell>
                  {s.documentId ? (
                    <Link
                      href={`/documents/${s.documentId}`}
                      className="font-medium text-ink-700 hover:underline"
                      aria-label={t.openDocument(s.name)}
                    >
                      {t.open}
                    </Link>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
