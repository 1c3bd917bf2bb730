import { useState } from 'react';
import type { Template } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePdfDocument } from '#web/lib/pdf/use-pdf-document.ts';
import { TemplateEditor } from '../components/template-editor.tsx';
import { TemplateFrame, TemplateProblem } from '../components/template-frame.tsx';
import { TemplatePage } from '../components/template-page.tsx';
import { usePageSizes } from '../lib/page-sizes.ts';
import { templatesText as t } from '../messages.ts';

/** /templates/{id}: the template editor; a template whose file is gone can only be deleted. */
export default function TemplateEditorPage() {
  return (
    <TemplatePage title={t.editorTitle}>
      {(template) => (
        <TemplateFrame title={t.editorTitle(template.name)}>
          {template.fileAvailable ? (
            <EditorWithFile template={template} />
          ) : (
            <TemplateProblem title={t.fileDeletedTitle}>
              <p>{m.fileMissing}</p>
            </TemplateProblem>
          )}
        </TemplateFrame>
      )}
    </TemplatePage>
  );
}

/** The editor once the template's file is open and the pages its fields are on are measured. */
function EditorWithFile({ template }: { template: Template }) {
  const pdf = usePdfDocument(`/api/templates/${template.id}/file`);
  // The pages of the fields as first loaded: a save that puts a field on another page must not
  // measure again (and so replace the editor while it is in use).
  const [pages] = useState(() => template.fields.map((f) => f.page));
  const sizes = usePageSizes(pdf.status === 'ready' ? pdf.doc : null, pages);
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
