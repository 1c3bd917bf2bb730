/** Product facts shown in the shell. Self-hosters change these in one place. */
export interface ExternalProduct {
  name: string;
  href: string;
  description: string;
}

export const site = {
  name: 'Inkproof',
  tagline: 'Electronic signatures anyone can verify',
  company: { name: 'Inkproof Labs', href: 'https://inkproof.org' },
  /** A path starting with '/' stays inside the app; a full URL opens as an external link. */
  privacyPolicyHref: '/privacy',
  sisterProducts: [
    {
      name: 'Inkproof Stamp',
      href: 'https://inkproof.org/stamp',
      description: 'Trusted timestamps for any file',
    },
    {
      name: 'Inkproof Forms',
      href: 'https://inkproof.org/forms',
      description: 'Fillable forms that collect signatures',
    },
  ] satisfies ExternalProduct[],
} as const;

export const isExternalHref = (href: string) => /^https?:\/\//.test(href);
