import { useQuery } from '@tanstack/react-query';
import type { Template } from '#shared/templates/answers.ts';
import { templateKey } from './keys.ts';

/** GET /api/templates/{id}: its roles, for the link's settings. */
export const useLinkTemplate = (templateId: number) =>
  useQuery<{ template: Template }>({ queryKey: templateKey(templateId), staleTime: 0 });
