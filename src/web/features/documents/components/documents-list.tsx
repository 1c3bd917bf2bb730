import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useDocuments } from '../api/list-documents.ts';
import { useDocumentActions } from '../hooks/use-document-actions.tsx';
import { filterDocuments, isTab, TABS, type Sort, type Tab } from '../lib/filter.ts';
import { documentsText as t } from '../messages.ts';
import { DocumentCard } from './document-card.tsx';
import { DocumentCardSkeleton } from './document-card-skeleton.tsx';
import { DocumentGrid } from './document-grid.tsx';
import { DocumentsEmpty } from './documents-empty.tsx';
import { DocumentsLoadError } from './documents-load-error.tsx';
import { DocumentsToolbar } from './documents-toolbar.tsx';

const tabLabels: Record<Tab, string> = {
  all: m.tabAll,
  pending: m.tabPending,
  awaiting: m.tabAwaiting,
  completed: m.tabCompleted,
  signed: m.tabSigned,
  shared: m.tabShared,
};

/** Tabs, search, sort and the grid; the tab lives in the URL (?status=pending), so it can be linked. */
export function DocumentsList({ onUpload }: { onUpload: () => void }) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(search).get('status');
  const tab: Tab = isTab(requested) ? requested : 'all';
  const [text, setText] = useState('');
  const [sort, setSort] = useState<Sort>('newest');
  const documents = useDocuments();
  const actions = useDocumentActions();

  const setTab = (next: string) => {
    if (!isTab(next)) return;
    navigate(next === 'all' ? location : `${location}?status=${next}`, { replace: true });
  };

  const shown = documents.data ? filterDocuments(documents.data, tab, text, sort) : [];
  const filtered = tab !== 'all' || text.trim() !== '';

  let body;
  if (documents.isPending) {
    body = (
      <DocumentGrid busy>
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <DocumentCardSkeleton />
          </li>
        ))}
      </DocumentGrid>
    );
  } else if (documents.isError) {
    body = <DocumentsLoadError error={documents.error} onRetry={() => void documents.refetch()} />;
  } else if (shown.length === 0) {
    body = <DocumentsEmpty filtered={filtered} onUpload={onUpload} />;
  } else {
    body = (
      <DocumentGrid>
        {shown.map((doc) => (
          <li key={doc.id}>
            <DocumentCard doc={doc} actions={actions} />
          </li>
        ))}
      </DocumentGrid>
    );
  }

  return (
    <Tabs value={tab} onValueChange={setTab} className="space-y-4">
      {/* Six tabs do not fit one row of a phone: two rows of three there, every one in view. */}
      <TabsList aria-label={t.tabsLabel} className="max-sm:grid-flow-row max-sm:grid-cols-3 sm:max-w-2xl">
        {TABS.map((value) => (
          <TabsTrigger key={value} value={value}>
            {tabLabels[value]}
          </TabsTrigger>
        ))}
      </TabsList>
      <DocumentsToolbar search={text} sort={sort} onSearch={setText} onSort={setSort} />
      {TABS.map((value) => (
        <TabsContent key={value} value={value} className="mt-2">
          {value === tab ? body : null}
        </TabsContent>
      ))}
      {actions.dialogs}
    </Tabs>
  );
}
