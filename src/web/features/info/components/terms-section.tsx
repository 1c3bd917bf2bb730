import { Link } from 'wouter';
import { termsSections } from '#web/features/info/content/terms.ts';
import { infoText } from '#web/features/info/messages.ts';

const t = infoText.about;

/** The 8 numbered sections of the terms; #terms and each #terms-… can be linked to. */
export function TermsSection() {
  return (
    <section
      id="terms"
      tabIndex={-1}
      aria-labelledby="terms-title"
      className="mx-auto max-w-7xl px-4 py-16 outline-none sm:px-6"
    >
      <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
        <div>
          <h2 id="terms-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t.termsTitle}
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            <time dateTime={t.lastUpdatedIso}>{t.lastUpdated}</time>
          </p>
          <nav aria-label={t.termsContents} className="mt-6 lg:sticky lg:top-24">
            <ol className="space-y-1 text-sm">
              {termsSections.map((section, index) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="block rounded px-1 py-1 text-ink-700 hover:underline">
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </div>
        <div className="max-w-3xl">
          <ol className="space-y-10">
            {termsSections.map((section, index) => (
              <li key={section.id} id={section.id} tabIndex={-1} className="outline-none">
                <h3 className="text-lg font-semibold text-slate-900">
                  {index + 1}. {section.title}
                </h3>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 24)} className="mt-3 leading-7 text-slate-700">
                    {paragraph}
                  </p>
                ))}
                {section.list ? (
                  <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-7 text-slate-700">
                    {section.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          <p className="mt-10">
            <Link href="/privacy" className="font-semibold text-ink-700 hover:underline">
              {t.privacyLink}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
