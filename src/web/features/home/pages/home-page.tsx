import { ConfidenceSection } from '#web/features/home/components/confidence-section.tsx';
import { CtaSection } from '#web/features/home/components/cta-section.tsx';
import { FeatureCards } from '#web/features/home/components/feature-cards.tsx';
import { Hero } from '#web/features/home/components/hero.tsx';
import { HowItWorks } from '#web/features/home/components/how-it-works.tsx';
import { useHomeMeta } from '#web/features/home/hooks/use-home-meta.ts';

export default function HomePage() {
  useHomeMeta();
  return (
    <>
      <Hero />
      <FeatureCards />
      <ConfidenceSection />
      <HowItWorks />
      <CtaSection />
    </>
  );
}
