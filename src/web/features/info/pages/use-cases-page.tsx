import { CtaBand } from '#web/features/info/components/cta-band.tsx';
import { InfoHero } from '#web/features/info/components/info-hero.tsx';
import { useCaseIcons, UseCaseSection } from '#web/features/info/components/use-case-section.tsx';
import { useCases } from '#web/features/info/content/use-cases.ts';
import { useHashScroll } from '#web/features/info/hooks/use-hash-scroll.ts';
import { infoText } from '#web/features/info/messages.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

const t = infoText.useCases;

/** Business, education, healthcare, legal, real estate and automotive. */
export default function UseCasesPage() {
  usePageMeta({ fullTitle: t.metaTitle, description: t.metaDescription });
  useHashScroll();
  return (
    <>
      <InfoHero eyebrow={t.eyebrow} title={t.title} lead={t.lead}>
        <nav aria-label={t.jumpTo} className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {useCases.map((useCase) => {
              const Icon = useCaseIcons[useCase.icon];
              return (
                <li key={useCase.id}>
                  <a
                    href={`#${useCase.id}`}
                    className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:border-ink-300 hover:text-ink-800"
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {useCase.title}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </InfoHero>
      {useCases.map((useCase, index) => (
        <UseCaseSection key={useCase.id} useCase={useCase} shaded={index % 2 === 1} />
      ))}
      <CtaBand />
    </>
  );
}
