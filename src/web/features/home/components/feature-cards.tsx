import { Download, PenLine, Repeat, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { SectionHeading } from '#web/features/home/components/section-heading.tsx';
import { homeText } from '#web/features/home/messages.ts';

const t = homeText.features;

const features = [
  { ...t.cards.create, icon: PenLine, href: '/signature' },
  { ...t.cards.download, icon: Download, href: '/signature' },
  { ...t.cards.reuse, icon: Repeat, href: '/auth?tab=register' },
  { ...t.cards.check, icon: ShieldCheck, href: '/verify-signature' },
];

/** The four feature cards; each whole card is one link to where that feature lives. */
export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading id="features-title" eyebrow={t.eyebrow} title={t.title} lead={t.lead} />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ icon: Icon, title, text, href }) => (
          <li
            key={title}
            className="group relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
          >
            <span className="grid size-11 place-items-center rounded-xl bg-ink-700 text-white">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">
              <Link
                href={href}
                className="rounded after:absolute after:inset-0 after:rounded-2xl group-hover:text-ink-800"
              >
                {title}
              </Link>
            </h3>
            <p className="mt-2 text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
