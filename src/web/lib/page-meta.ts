import { useEffect } from 'react';
import { site } from '#web/lib/site.ts';

export interface PageMeta {
  title?: string;
  description?: string;
}

const DEFAULT_TITLE = `${site.name} — ${site.tagline.toLowerCase()}`;

function setMeta(name: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/** Sets the document title (and description when given) while a page is shown. */
export function usePageMeta({ title, description }: PageMeta) {
  useEffect(() => {
    document.title = title ? `${title} | ${site.name}` : DEFAULT_TITLE;
    if (description) setMeta('description', description);
  }, [title, description]);
}
