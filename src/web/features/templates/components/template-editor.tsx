import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Save, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { REQUEST_MAX_EXPIRY_DAYS } from '#shared/requests/schemas.ts';
import type { Template } from '#shared/templates/answers.ts';
import { missingForUse, TEMPLATE_NAME_MAX } from '#shared/templates/schemas.ts';
import { FieldPlacement } from '#web/components/fields/field-placement.tsx';
import { ProblemsAlert } from '#web/components/fields/problems-alert.tsx';
import { RequestOptions } from '#web/components/fields/request-options.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { focusFirstInvalid } from '#web/lib/focus-first-invalid.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdateTemplate } from '../api/update-template.ts';
import {
  checkDraft,
  fromTemplate,
  NO_EXTRA,
  parties,
  removeRole,
  serverIssues,
  toPatch,
  type EditorDraft,
  type Issues,
} from '../lib/editor.ts';
import { templatesText as t } from '../messages.ts';
import { RolesEditor } from './roles-editor.tsx';
import { TextFieldSettings } from './text-field-settings.tsx';

interface TemplateEditorProps {
  template: Template;
  pdf: PDFDocumentProxy;
  sizes: Parameters<typeof fromTemplate>[1];
}

/** Name, roles, fields on the pages and the defaults of a template, saved as a whole. */
export function TemplateEditor({ template, pdf, sizes }: TemplateEditorProps) {
  const [draft, setDraft] = useState<EditorDraft>(() => fromTemplate(template, sizes));
  const [saved, setSaved] = useState(() => JSON.stringify(toPatch(draft)));
  const [issues, setIssues] = useState<Issues>({});
  const update = useUpdateTemplate();
  const patch = (p: Partial<EditorDraft>) => {
    setDraft((d) => ({ ...d, ...p }));
    setIssues({});
  };
  const body = toPatch(draft);
  const dirty = JSON.stringify(body) !== saved;
  const missing = missingForUse({
    roles: body.roles.map((r) => ({ name: r.name, role: r.role ?? 'signer' })),
    fields: body.fields.map((f) => ({
      ...f,
      required: f.required ?? true,
      key: f.key ?? null,
      defaultValue: f.defaultValue ?? null,
      editable: f.editable ?? true,
    })),
  });

  const save = async () => {
    const found = checkDraft(draft);
    setIssues(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    try {
      await update.mutateAsync({ id: template.id, body });
      setSaved(JSON.stringify(body));
      toast({ title: t.saved, variant: 'success' });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t.saveFailed;
      setIssues(
        error instanceof ApiError && error.status === 400
          ? serverIssues(error.data, message)
          : { form: message },
      );
      focusFirstInvalid();
    }
  };

  const placeIssues = [issues.fields, issues.form].filter((s): s is string => !!s);
  return (
    <div className="mt-6 space-y-6">
      <Card className="space-y-4 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t.detailsTitle}</h2>
        <FormField label={t.nameLabel} error={issues.name} className="sm:max-w-lg">
          <Input
            value={draft.name}
            maxLength={TEMPLATE_NAME_MAX}
            autoComplete="off"
            onChange={(e) => patch({ name: e.target.value })}
          />
        </FormField>
      </Card>
      <Card className="p-5 sm:p-6">
        <RolesEditor
          roles={draft.roles}
          issues={issues}
          onChange={(roles) => patch({ roles })}
          onRemove={(key) => patch(removeRole(draft, key))}
        />
      </Card>
      {draft.roles.length > 0 ? (
        <FieldPlacement
          pdf={pdf}
          recipients={parties(draft.roles)}
          fields={draft.fields}
          party="role"
          onFields={(change) => {
            setIssues({});
            setDraft((d) => ({ ...d, fields: change(d.fields) }));
          }}
          selectedExtra={(field) =>
            field.type === 'text' ? (
              <TextFieldSettings
                extra={draft.extras[field.key] ?? NO_EXTRA}
                onChange={(extra) => patch({ extras: { ...draft.extras, [field.key]: extra } })}
              />
            ) : null
          }
        />
      ) : null}
      <Card className="p-5 sm:p-6">
        <RequestOptions
          draft={draft}
          issues={issues}
          onChange={patch}
          expiry={
            <FormField
              label={t.expiryDaysLabel}
              hint={t.expiryDaysHint}
              error={issues.expiryDays}
              className="sm:max-w-xs"
            >
              <Input
                type="number"
                min={1}
                max={REQUEST_MAX_EXPIRY_DAYS}
                inputMode="numeric"
                value={Number.isNaN(draft.expiryDays) ? '' : draft.expiryDays}
                onChange={(e) => patch({ expiryDays: e.target.valueAsNumber })}
              />
            </FormField>
          }
        />
      </Card>
      <section aria-labelledby="readiness-title" className="space-y-2">
        <h2 id="readiness-title" className="sr-only">
          {t.readinessTitle}
        </h2>
        {missing.length > 0 ? (
          <Alert tone="info" title={t.notReadyTitle}>
            <ul className="list-disc pl-4" data-testid="not-ready">
              {missing.map((p) => (
                <li key={p.message}>{p.message}</li>
              ))}
            </ul>
          </Alert>
        ) : (
          <Alert tone="success">{t.readyText}</Alert>
        )}
      </section>
      <ProblemsAlert title={t.saveFailed} problems={placeIssues} />
      {placeIssues.length === 0 && Object.keys(issues).length > 0 ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t.fixFirst}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <p role="status" className="text-sm text-slate-700">
          {dirty ? t.unsaved : ''}
        </p>
        {!dirty && missing.length === 0 ? (
          <Link href={`/templates/${template.id}/use`} className={buttonClasses('secondary', 'lg')}>
            <Send aria-hidden="true" className="size-4" />
            {t.useThis}
          </Link>
        ) : null}
        <Button size="lg" disabled={update.isPending} onClick={() => void save()}>
          {update.isPending ? <Spinner className="size-4" /> : <Save aria-hidden="true" className="size-4" />}
          {update.isPending ? t.saving : t.save}
        </Button>
      </div>
    </div>
  );
}
