import { api } from '#web/lib/api.ts';
import { createRemote } from '#web/lib/remote.ts';

/** Product facts shown in the shell. Self-hosters change the links in the admin's site settings. */
export interface SiteLink {
  label: string;
  url: string;
}

export interface SiteSettings {
  siteName: string;
  publicUrl: string;
  privacyPolicyUrl: string;
  sisterProducts: SiteLink[];
  analyticsScriptUrl: string | null;
}

export const site = {
  name: 'Inkproof',
  tagline: 'Electronic signatures anyone can verify',
  company: { name: 'Inkproof Labs', href: 'https://inkproof.org' },
  /** Shown until GET /api/site-settings answers, and if it fails; the server's defaults. */
  privacyPolicyHref: '/privacy',
  sisterProducts: [
    { label: 'Inkproof Forms', url: 'https://forms.inkproof.org/' },
    { label: 'Inkproof Stamp', url: 'https://stamp.inkproof.org/' },
  ] satisfies SiteLink[],
} as const;

export const isExternalHref = (href: string) => /^https?:\/\//.test(href);

/** A link to this very site becomes an in-app path, so it opens without a page load. */
export function toAppHref(href: string): string {
  if (!isExternalHref(href) || typeof window === 'undefined') return href;
  const url = new URL(href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : href;
}

/**
 * GET /api/site-settings, read by the header, footer, page titles and the creator: one copy for the
 * whole app. Saving the site settings refreshes it (`refreshSiteSettings`), so the new name and
 * links show at once.
 */
export const siteSettings = createRemote(() => api.get<SiteSettings>('/api/site-settings'));

export const refreshSiteSettings = () => siteSettings.refresh();

/** The public site settings; undefined while they load or when they cannot be read. */
export const useSiteSettings = (): SiteSettings | undefined => siteSettings.use().data;

/**
 * The admin's site name: from the settings once loaded, before that from the og:site_name the
 * server wrote into the page's head (so the first paint already has it), else the product's name.
 */
export function useSiteName(): string {
  return siteSettings.useSelect((s) => s.data?.siteName ?? siteNameFromHead());
}

/** The head's og:site_name does not change while the page is open: read once. */
let headSiteName: string | undefined;
function siteNameFromHead(): string {
  if (typeof document === 'undefined') return site.name;
  headSiteName ??=
    document.head.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content || site.name;
  return headSiteName;
}

/** The admin-set footer links (privacy policy, sister products), with the defaults while they load. */
export function useSiteLinks() {
  const privacyPolicyUrl = siteSettings.useSelect((s) => s.data?.privacyPolicyUrl);
  const sisterProducts = siteSettings.useSelect((s) => s.data?.sisterProducts);
  return {
    privacyPolicyHref: toAppHref(privacyPolicyUrl ?? site.privacyPolicyHref),
    sisterProducts: sisterProducts ?? site.sisterProducts,
  };
}
