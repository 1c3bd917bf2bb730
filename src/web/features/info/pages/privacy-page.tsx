import { Link } from 'wouter';
import { InfoHero } from '#web/features/info/components/info-hero.tsx';
import { privacySections } from '#web/features/info/content/privacy.ts';
import { infoText } from '#web/features/info/messages.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

const t = infoText.privacy;

/** A short privacy notice that matches what the server really stores. */
export default function PrivacyPage() {
  usePageMeta({ title: t.metaTitle, description: t.metaDescription });
  return (
    <>
      <InfoHero eyebrow={t.eyebrow} title={t.title} lead={t.lead}>
        <p className="mt-4 text-sm text-slate-600">
          <time dateTime={t.lastUpdatedIso}>{t.lastUpdated}</time>
        </p>
      </InfoHero>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-14 sm:px-6 md:grid-cols-2">
        {privacySections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id={`${section.id}-title`} className="text-lg font-semibold text-slate-900">
              {section.title}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 leading-7 text-slate-700">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <Link href="/about#terms" className="font-semibold text-ink-700 hover:underline">
          {t.termsLink}
        </Link>
      </p>
    </>
  );
}
