import { Copy, FileText, Link2, Pencil, Send, TextCursorInput, Trash2, Users } from 'lucide-react';
import { Link } from 'wouter';
import type { TemplateSummary } from '#shared/templates/answers.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { dayOf, roleNames } from '../lib/format.ts';
import { templatesText as t } from '../messages.ts';

interface TemplateListProps {
  items: TemplateSummary[];
  busyId: number | null;
  onRename: (template: TemplateSummary) => void;
  onDuplicate: (template: TemplateSummary) => void;
  onDelete: (template: TemplateSummary) => void;
}

/** One row per template; each action's name carries the template's, for screen readers' lists of controls. */
export function TemplateList({ items, busyId, onRename, onDuplicate, onDelete }: TemplateListProps) {
  return (
    <ul
      aria-label={t.listLabel}
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {items.map((item) => {
        const usable = item.fileAvailable && item.ready;
        const named = (action: string) => t.actionNamed(action, item.name);
        return (
          <li
            key={item.id}
            data-testid="template-row"
            className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center"
          >
            <div className="flex min-w-0 flex-1 items-start gap-3">
              <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-700" />
              <div className="min-w-0 space-y-1">
                <Link
                  href={`/templates/${item.id}`}
                  className="block font-semibold break-words text-slate-900 hover:underline"
                >
                  {item.name}
                </Link>
                <p className="text-sm text-slate-700">
                  <span className="sr-only">{t.columnRoles}: </span>
                  {item.roles.length ? roleNames(item.roles) : t.noRoles}
                </p>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  <span>{t.uses(item.uses)}</span>
                  <span>{t.updatedOn(dayOf(item.updatedAt))}</span>
                  {!item.fileAvailable ? (
                    <Badge tone="danger">{t.fileDeletedBadge}</Badge>
                  ) : !item.ready ? (
                    <Badge tone="warning">{t.notReadyBadge}</Badge>
                  ) : null}
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2 lg:justify-end">
              {item.fileAvailable ? (
                <Link
                  href={`/templates/${item.id}`}
                  aria-label={named(t.edit)}
                  className={buttonClasses('secondary', 'sm')}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  {t.edit}
                </Link>
              ) : null}
              {usable ? (
                <Link
                  href={`/templates/${item.id}/use`}
                  aria-label={named(t.use)}
                  className={buttonClasses('primary', 'sm')}
                >
                  <Send aria-hidden="true" className="size-4" />
                  {t.use}
                </Link>
              ) : null}
              {usable ? (
                <Link
                  href={`/templates/${item.id}/bulk`}
                  aria-label={named(t.bulk)}
                  className={buttonClasses('secondary', 'sm')}
                >
                  <Users aria-hidden="true" className="size-4" />
                  {t.bulk}
                </Link>
              ) : null}
              {item.fileAvailable ? (
                <Link
                  href={`/templates/${item.id}/link`}
                  aria-label={named(t.publicLink)}
                  className={buttonClasses('secondary', 'sm')}
                >
                  <Link2 aria-hidden="true" className="size-4" />
                  {t.publicLink}
                </Link>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                aria-label={named(t.rename)}
                onClick={() => onRename(item)}
              >
                <TextCursorInput aria-hidden="true" className="size-4" />
                {t.rename}
              </Button>
              {item.fileAvailable ? (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busyId === item.id}
                  aria-label={named(t.duplicate)}
                  onClick={() => onDuplicate(item)}
                >
                  <Copy aria-hidden="true" className="size-4" />
                  {t.duplicate}
                </Button>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                aria-label={named(t.delete)}
                onClick={() => onDelete(item)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t.delete}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
