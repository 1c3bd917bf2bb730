/** Query keys double as API paths (see pathFromKey): the list, and one document under it. */
export const documentsKey = ['/api/documents'] as const;
export const documentKey = (id: number) => ['/api/documents', id] as const;
