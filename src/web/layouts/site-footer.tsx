import { LogoMark } from '#web/components/logo.tsx';
import { site } from '#web/lib/site.ts';
import { FooterLink } from '#web/layouts/footer-link.tsx';

const productLinks = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/use-cases', label: 'Use Cases' },
  { href: '/signature', label: 'Create Signature' },
];

function Column({ title, links }: { title: string; links: Array<{ href: string; label: string }> }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.label}>
            <FooterLink href={link.href}>{link.label}</FooterLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-ink-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr_1fr]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <div className="flex items-center gap-2 text-white">
            <LogoMark className="size-8" />
            <span className="text-lg font-bold">{site.name}</span>
          </div>
          <p className="mt-3 text-sm leading-6">
            Create a signature, download it with a QR code, and let anyone check it is genuine. Free to use,
            and yours to host.
          </p>
        </div>
        <Column title="Product" links={productLinks} />
        <Column
          title="Legal"
          links={[
            { href: '/about', label: 'Terms & Conditions' },
            { href: site.privacyPolicyHref, label: 'Privacy Policy' },
          ]}
        />
        <Column
          title={`More from ${site.company.name}`}
          links={site.sisterProducts.map((p) => ({ href: p.href, label: p.name }))}
        />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6">
          © {year} {site.company.name}. {site.name} is a product of {site.company.name}.
        </p>
      </div>
    </footer>
  );
}
