import { lazy, Suspense } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { PageHeading } from '#web/components/page-heading.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { creatorText as t } from '../messages.ts';
import type { CreatorTab } from '../hooks/use-creator-state.ts';
import { AnonymousBanner } from './anonymous-banner.tsx';
import { CreateTab } from './create-tab.tsx';
import { CreatorProvider, useCreator } from './creator-context.tsx';

// The preview (with the download menu) and save tabs are not shown first: their code loads when
// one is about to open (pointer over or focus on its tab) instead of delaying the creator.
const loadPreviewTab = () => import('./preview-tab.tsx').then((module) => ({ default: module.PreviewTab }));
const loadSaveTab = () => import('./save-tab.tsx').then((module) => ({ default: module.SaveTab }));
const PreviewTab = lazy(loadPreviewTab);
const SaveTab = lazy(loadSaveTab);
const prefetch = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

function CreatorTabs() {
  const c = useCreator();
  const anonymous = !c.userPending && !c.user;
  return (
    <>
      {anonymous ? <AnonymousBanner /> : null}
      <Tabs value={c.tab} onValueChange={(v) => c.setTab(v as CreatorTab)} className="mt-6">
        <TabsList aria-label={t.tabsLabel} className="max-w-2xl">
          <TabsTrigger value="create">{m.tabCreate}</TabsTrigger>
          <TabsTrigger
            value="preview"
            onPointerEnter={prefetch(loadPreviewTab)}
            onFocus={prefetch(loadPreviewTab)}
          >
            {m.tabPreview}
          </TabsTrigger>
          <TabsTrigger
            value="save"
            className="inline-flex items-center justify-center gap-2"
            onPointerEnter={prefetch(loadSaveTab)}
            onFocus={prefetch(loadSaveTab)}
          >
            {m.tabSave}
            {anonymous ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                {m.loginBadge}
                <span className="sr-only"> {t.loginBadgeHint}</span>
              </span>
            ) : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="create">
          <CreateTab />
        </TabsContent>
        <TabsContent value="preview">
          <Suspense fallback={<LoadingState />}>
            <PreviewTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="save">
          <Suspense fallback={<LoadingState />}>
            <SaveTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}

/** The signature creator (/create, /signature): create, preview and download, save. */
export function Creator() {
  usePageMeta({ title: m.creatorTitle, description: t.pageDescription });
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeading title={m.creatorTitle} lead={m.subtitle} />
      <CreatorProvider>
        <CreatorTabs />
      </CreatorProvider>
    </div>
  );
}
