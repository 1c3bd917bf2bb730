import { useParams } from 'wouter';
import type { Template } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { usePdfDocument } from '#web/lib/pdf/use-pdf-document.ts';
import { useTemplate } from '../api/get-template.ts';
import { TemplateEditor } from '../components/template-editor.tsx';
import { TemplateFrame, TemplateProblem } from '../components/template-frame.tsx';
import { usePageSizes } from '../lib/page-sizes.ts';
import { parseTemplateId } from '../lib/template-id.ts';
import { templatesText as t } from '../messages.ts';

/** /templates/{id}: the template editor. */
export default function TemplateEditorPage() {
  const id = parseTemplateId(useParams<{ id: string }>().id);
  const query = useTemplate(id);
  const template = query.data;
  usePageMeta(
    template
      ? { title: t.editorTitle(template.name) }
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
  if (!template.fileAvailable)
    return (
      <TemplateFrame title={t.editorTitle(template.name)}>
        <TemplateProblem title={t.fileDeletedTitle}>
          <p>{m.fileMissing}</p>
        </TemplateProblem>
      </TemplateFrame>
    );
  return (
    <TemplateFrame title={t.editorTitle(template.name)}>
      <EditorWithFile template={template} />
    </TemplateFrame>
  );
}

/** The editor once the template's file is open and the pages its fields are on are measured. */
function EditorWithFile({ template }: { template: Template }) {
  const pdf = usePdfDocument(`/api/templates/${template.id}/file`);
  const sizes = usePageSizes(
    pdf.status === 'ready' ? pdf.doc : null,
    template.fields.map((f) => f.page),
  );
  return pdf.status === 'error' ? (
    <Alert tone="error" role="alert" className="mt-6">
      {pdf.error}
    </Alert>
  ) : pdf.status !== 'ready' || !sizes ? (
    <LoadingState label={t.loadingFile} showLabel />
  ) : (
    <TemplateEditor key={template.id} template={template} pdf={pdf.doc} sizes={sizes} />
  );
}
