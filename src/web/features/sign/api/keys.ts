/** The query key of a signing link's view; it doubles as its path (see pathFromKey). */
export const signingViewKey = (token: string) => ['/api/sign', token] as const;
