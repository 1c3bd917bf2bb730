import { BenefitGrid } from '#web/features/info/components/benefit-grid.tsx';
import { CtaBand } from '#web/features/info/components/cta-band.tsx';
import { InfoHero } from '#web/features/info/components/info-hero.tsx';
import { MissionSection } from '#web/features/info/components/mission-section.tsx';
import { TermsSection } from '#web/features/info/components/terms-section.tsx';
import { useHashScroll } from '#web/features/info/hooks/use-hash-scroll.ts';
import { infoText } from '#web/features/info/messages.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

const t = infoText.about;

/** Benefits, mission, and the terms and conditions (linked as /about#terms). */
export default function AboutPage() {
  usePageMeta({ fullTitle: t.metaTitle, description: t.metaDescription });
  useHashScroll();
  return (
    <>
      <InfoHero eyebrow={t.eyebrow} title={t.title} lead={t.lead} />
      <BenefitGrid />
      <MissionSection />
      <TermsSection />
      <CtaBand />
    </>
  );
}
