/** The product's name until an admin sets the "Site name" (site settings). */
export const DEFAULT_SITE_NAME = 'Inkproof';

/**
 * A text written with the product's name, with the admin's site name in its place (titles,
 * descriptions, headings). A replacer function: a `$` in a name is not a replacement pattern.
 */
export function withSiteName(text: string, siteName: string): string {
  if (siteName === DEFAULT_SITE_NAME) return text;
  return text.replace(/\bInkproof\b/g, () => siteName);
}
