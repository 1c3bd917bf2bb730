import { LogoMark } from '#web/components/logo.tsx';
import { site, useSiteLinks, useSiteName } from '#web/lib/site.ts';
import { FooterLink } from '#web/layouts/footer-link.tsx';

interface FooterItem {
  href: string;
  label: string;
  /** A page the server renders on its own (not one of the app's): opened with a page load. */
  serverPage?: boolean;
}

const productLinks: FooterItem[] = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/use-cases', label: 'Use Cases' },
  { href: '/signature', label: 'Create Signature' },
  { href: '/developers', label: 'API', serverPage: true },
];

function Column({ id, title, links }: { id: string; title: string; links: FooterItem[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.label}>
            <FooterLink href={link.href} serverPage={link.serverPage}>
              {link.label}
            </FooterLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Product links, terms (on the about page), privacy policy and sister products from site settings. */
export function SiteFooter() {
  const { privacyPolicyHref, sisterProducts } = useSiteLinks();
  const siteName = useSiteName();
  const year = new Date().getFullYear();
  return (
    // While a page's code loads, main holds only its loading status and is short: a footer shown
    // under it would jump down the screen when the page arrives (a large layout shift), so it waits.
    <footer className="bg-ink-950 text-slate-300 [main:has(>[role=status][aria-label])~&]:invisible">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr_1fr]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <div className="flex items-center gap-2 text-white">
            <LogoMark className="size-8" />
            <span className="text-lg font-bold">{siteName}</span>
          </div>
          <p className="mt-3 text-sm leading-6">
            Create a signature, download it with a QR code, and let anyone check it is genuine. Free to use,
            and yours to host.
          </p>
        </div>
        <Column id="footer-product" title="Product" links={productLinks} />
        <Column
          id="footer-legal"
          title="Legal"
          links={[
            { href: '/about#terms', label: 'Terms & Conditions' },
            { href: privacyPolicyHref, label: 'Privacy Policy' },
          ]}
        />
        <Column
          id="footer-more"
          title={`More from ${site.company.name}`}
          links={sisterProducts.map((p) => ({ href: p.url, label: p.label }))}
        />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6">
          {siteName === site.name
            ? `© ${year} ${site.company.name}. ${site.name} is a product of ${site.company.name}.`
            : `© ${year} ${siteName}. Runs on ${site.name}, a product of ${site.company.name}.`}
        </p>
      </div>
    </footer>
  );
}
