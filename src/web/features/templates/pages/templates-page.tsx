import { LayoutTemplate, Plus } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import type { TemplateSummary } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import { PageHeading } from '#web/components/page-heading.tsx';
import { SearchField } from '#web/components/search-field.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { DashboardShell } from '#web/layouts/dashboard-shell.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeleteTemplate } from '../api/delete-template.ts';
import { useDuplicateTemplate } from '../api/duplicate-template.ts';
import { TEMPLATES_PAGE_SIZE, useTemplates } from '../api/list-templates.ts';
import { NewTemplateDialog } from '../components/new-template-dialog.tsx';
import { RenameDialog } from '../components/rename-dialog.tsx';
import { TemplateList } from '../components/template-list.tsx';
import { templatesText as t } from '../messages.ts';

/** /templates: the owner's templates, searchable; each is edited, used, renamed, copied or deleted. */
export default function TemplatesPage() {
  usePageMeta({ title: t.title });
  const [, navigate] = useLocation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useTemplates(q, page);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TemplateSummary | null>(null);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);
  const duplicate = useDuplicateTemplate();
  const remove = useDeleteTemplate();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / TEMPLATES_PAGE_SIZE));

  const go = (next: { q?: string; page?: number }) => {
    const query = new URLSearchParams();
    const nq = next.q ?? q;
    const np = next.page ?? 1;
    if (nq) query.set('q', nq);
    if (np > 1) query.set('page', String(np));
    setParams(query, { replace: true });
  };

  const copy = (item: TemplateSummary) =>
    duplicate.mutate(item.id, {
      onSuccess: (answer) =>
        toast({ title: t.duplicated, description: answer.template.name, variant: 'success' }),
      onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    });

  return (
    <DashboardShell>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeading title={t.title} lead={t.lead} />
        <Button size="lg" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          {t.newTemplate}
        </Button>
      </div>
      <SearchField
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        value={q}
        onSearch={(value) => go({ q: value })}
        className="sm:max-w-md"
      />
      {list.isError ? (
        <Alert tone="error" role="alert" title={t.listFailed}>
          <p>{list.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      ) : !list.data ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : list.data.items.length === 0 ? (
        q ? (
          <p role="status" className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
            {t.noMatch(q)}
          </p>
        ) : (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <LayoutTemplate aria-hidden="true" className="mx-auto size-8 text-ink-700" />
            <h2 className="mt-3 text-lg font-semibold text-slate-900">{t.emptyTitle}</h2>
            <p className="mx-auto mt-1 max-w-xl text-slate-700">{t.emptyText}</p>
            <Button className="mt-4" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {t.newTemplate}
            </Button>
          </div>
        )
      ) : (
        <>
          <TemplateList
            items={list.data.items}
            busyId={duplicate.isPending ? (duplicate.variables ?? null) : null}
            onRename={setRenaming}
            onDuplicate={copy}
            onDelete={setDeleting}
          />
          {pages > 1 ? (
            <nav aria-label={t.listLabel} className="flex items-center justify-between gap-3">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => go({ page: page - 1 })}
              >
                {t.previous}
              </Button>
              <span className="text-sm text-slate-700">{t.pageOf(page, pages)}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => go({ page: page + 1 })}
              >
                {t.next}
              </Button>
            </nav>
          ) : null}
        </>
      )}
      <NewTemplateDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(template) => navigate(`/templates/${template.id}`)}
      />
      <RenameDialog template={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={t.deleteTitle}
        description={deleting ? t.deleteText(deleting.name) : ''}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        pending={remove.isPending}
        error={remove.isError ? remove.error.message : undefined}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: m.deleted, variant: 'success' });
              setDeleting(null);
            },
          })
        }
      />
    </DashboardShell>
  );
}
