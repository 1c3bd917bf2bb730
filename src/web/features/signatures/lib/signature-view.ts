import type { OwnSignature } from '#shared/signatures/schemas.ts';

/**
 * A null isPublic shows as private in the badge and the details, yet the switch shows it
 * on. Our server always sends a boolean; older data may not.
 */
export const isPublic = (s: Pick<OwnSignature, 'isPublic'>) => s.isPublic === true;
export const switchOn = (s: Pick<OwnSignature, 'isPublic'>) => s.isPublic !== false;

/** The creator loads the signature and offers its downloads. */
export const downloadHref = (id: number) => `/signature?download=true&id=${encodeURIComponent(id)}`;

/** Only images the server stored as data URLs are shown. */
export const imageSrc = (data: string) => (/^data:image\/(png|svg\+xml);base64,/.test(data) ? data : null);
