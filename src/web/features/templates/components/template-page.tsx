import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import type { Template } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useTemplate } from '../api/get-template.ts';
import { parseTemplateId } from '../lib/template-id.ts';
import { templatesText as t } from '../messages.ts';
import { TemplateFrame, TemplateProblem } from './template-frame.tsx';

/**
 * The template of the address (/templates/{id}…), titled by `title`, given to `children` once
 * loaded; while it loads a spinner, and a page that says so when there is none.
 */
export function TemplatePage(props: {
  title: (name: string) => string;
  children: (template: Template) => ReactNode;
}) {
  const id = parseTemplateId(useParams<{ id: string }>().id);
  const query = useTemplate(id);
  const template = query.data;
  usePageMeta(
    template
      ? { title: props.title(template.name) }
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
  return props.children(template);
}
