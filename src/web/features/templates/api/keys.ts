/** Query keys double as API paths (see pathFromKey): the list, and one template under it. */
export const templatesKey = ['/api/templates'] as const;
export const templateKey = (id: number) => ['/api/templates', id] as const;
