/** Query keys; each doubles as its path (see pathFromKey). */
export const publicLinkKey = (slug: string) => ['/api/d', slug] as const;
export const ownerLinkKey = (templateId: number) => ['/api/templates', templateId, 'link'] as const;
export const submissionsKey = (templateId: number) =>
  ['/api/templates', templateId, 'link', 'submissions'] as const;
export const templateKey = (templateId: number) => ['/api/templates', templateId] as const;
