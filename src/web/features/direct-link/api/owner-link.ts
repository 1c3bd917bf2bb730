import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TemplateLink, TemplateLinkResponse } from '#shared/templates/links.ts';
import { ownerLinkKey } from './keys.ts';

/** GET /api/templates/{id}/link: null while the template has none. */
export const useOwnerLink = (templateId: number) =>
  useQuery<TemplateLinkResponse>({ queryKey: ownerLinkKey(templateId), staleTime: 0 });

/** After a change: the link as the server now has it. */
export function useSetOwnerLink(templateId: number) {
  const client = useQueryClient();
  return (link: TemplateLink | null) => client.setQueryData(ownerLinkKey(templateId), { link });
}
