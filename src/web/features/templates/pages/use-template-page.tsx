import { Link } from 'wouter';
import type { Template } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import { missingForUse } from '#shared/templates/schemas.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { TemplateFrame, TemplateProblem } from '../components/template-frame.tsx';
import { TemplatePage } from '../components/template-page.tsx';
import { UseTemplateForm } from '../components/use-template-form.tsx';
import { templatesText as t } from '../messages.ts';

/** /templates/{id}/use: people and values in, a new document sent for signing out. */
export default function UseTemplatePage() {
  return (
    <TemplatePage title={t.useTitle}>
      {(template) => {
        const missing = template.fileAvailable ? missingForUse(template) : [];
        const usable = template.fileAvailable && template.ready && missing.length === 0;
        return (
          <TemplateFrame title={t.useTitle(template.name)} lead={usable ? t.useLead : undefined}>
            {usable ? (
              <UseTemplateForm template={template} />
            ) : (
              <NotUsable template={template} missing={missing} />
            )}
          </TemplateFrame>
        );
      }}
    </TemplatePage>
  );
}

/** Why a template cannot be used: its file is gone, or what it still lacks (with the way to fix it). */
function NotUsable({ template, missing }: { template: Template; missing: Array<{ message: string }> }) {
  if (!template.fileAvailable)
    return (
      <TemplateProblem title={t.fileDeletedTitle}>
        <p>{m.fileMissing}</p>
      </TemplateProblem>
    );
  return (
    <TemplateProblem title={t.notUsable}>
      <ul className="mx-auto max-w-xl list-disc pl-4 text-left">
        {(missing.length ? missing : [{ message: m.notReady }]).map((p) => (
          <li key={p.message}>{p.message}</li>
        ))}
      </ul>
      <Link href={`/templates/${template.id}`} className={buttonClasses('primary')}>
        {t.editToFix}
      </Link>
    </TemplateProblem>
  );
}
