import { Link, useParams } from 'wouter';
import { templateMessages as m } from '#shared/templates/messages.ts';
import { missingForUse } from '#shared/templates/schemas.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useTemplate } from '../api/get-template.ts';
import { TemplateFrame, TemplateProblem } from '../components/template-frame.tsx';
import { UseTemplateForm } from '../components/use-template-form.tsx';
import { parseTemplateId } from '../lib/template-id.ts';
import { templatesText as t } from '../messages.ts';

/** /templates/{id}/use: people and values in, a new document sent for signing out. */
export default function UseTemplatePage() {
  const id = parseTemplateId(useParams<{ id: string }>().id);
  const query = useTemplate(id);
  const template = query.data;
  usePageMeta(
    template
      ? { title: t.useTitle(template.name) }
      : query.isPending && id !== null
        ? null
        : { title: t.notFound },
  );

  if (id !== null && query.isPending) return <LoadingState label={t.loading} showLabel />;
  if (!template)
    return (
      <TemplateFrame title={t.notFound}>
        <TemplateProblem title={t.notFound}>
          <p role="alert">{query.error?.message ?? m.notFound}</p>
        </TemplateProblem>
      </TemplateFrame>
    );
  const missing = template.fileAvailable ? missingForUse(template) : [];
  if (!template.fileAvailable || !template.ready || missing.length > 0)
    return (
      <TemplateFrame title={t.useTitle(template.name)}>
        <TemplateProblem title={template.fileAvailable ? t.notUsable : t.fileDeletedTitle}>
          {template.fileAvailable ? (
            <>
              <ul className="mx-auto max-w-xl list-disc pl-4 text-left">
                {(missing.length ? missing : [{ message: m.notReady }]).map((p) => (
                  <li key={p.message}>{p.message}</li>
                ))}
              </ul>
              <Link href={`/templates/${template.id}`} className={buttonClasses('primary')}>
                {t.editToFix}
              </Link>
            </>
          ) : (
            <p>{m.fileMissing}</p>
          )}
        </TemplateProblem>
      </TemplateFrame>
    );
  return (
    <TemplateFrame title={t.useTitle(template.name)} lead={t.useLead}>
      <UseTemplateForm template={template} />
    </TemplateFrame>
  );
}
