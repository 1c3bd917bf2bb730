import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useDocuments } from '../api/list-documents.ts';
import { filterDocuments } from '../lib/filter.ts';
import { formatDate } from '../lib/format.ts';
import { canSign } from '../lib/status.ts';
import { documentsText as t } from '../messages.ts';
import { DocumentsLoadError } from './documents-load-error.tsx';
import { StatusBadge } from './status-badge.tsx';

type Tab = 'all' | 'drafts';

function DocumentLinks({ docs, label, empty }: { docs: DocumentSummary[]; label: string; empty: string }) {
  if (docs.length === 0) return <p className="rounded-xl bg-slate-50 px-4 py-6 text-slate-700">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {docs.map((doc) => (
        <li key={doc.id} className="flex items-center gap-3 px-4 py-3">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-ink-700" />
          <div className="min-w-0 flex-1">
            <Link
              href={`/documents/${doc.id}`}
              className="rounded font-medium break-words text-slate-900 hover:text-ink-800 hover:underline"
            >
              {doc.name}
            </Link>
            <p className="text-sm text-slate-600">{t.createdOn(formatDate(doc.createdAt))}</p>
          </div>
          <StatusBadge status={doc.status} />
        </li>
      ))}
    </ul>
  );
}

/** Shown when no document is loaded: the user's documents, all or only the unsigned. */
export function DocumentTabs() {
  const documents = useDocuments();
  const [tab, setTab] = useState<Tab>('all');
  const all = documents.data ? filterDocuments(documents.data, 'all', '', 'newest') : [];

  let content;
  if (documents.isPending) content = <LoadingState label={m.loadingDocument} />;
  else if (documents.isError)
    content = <DocumentsLoadError error={documents.error} onRetry={() => void documents.refetch()} />;

  return (
    <section aria-labelledby="other-documents-heading" className="space-y-4">
      <h2 id="other-documents-heading" className="text-xl font-semibold text-slate-900">
        {t.otherDocuments}
      </h2>
      <Tabs value={tab} onValueChange={(v) => setTab(v === 'drafts' ? 'drafts' : 'all')}>
        <TabsList aria-label={t.otherTabsLabel} className="max-w-xs">
          <TabsTrigger value="all">{m.tabAll}</TabsTrigger>
          <TabsTrigger value="drafts">{t.tabDrafts}</TabsTrigger>
        </TabsList>
        <TabsContent value="all" className="mt-4">
          {content ?? <DocumentLinks docs={all} label={t.allListLabel} empty={t.emptyAll} />}
        </TabsContent>
        <TabsContent value="drafts" className="mt-4">
          {content ?? (
            <DocumentLinks docs={all.filter(canSign)} label={t.draftsListLabel} empty={t.emptyDrafts} />
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}
