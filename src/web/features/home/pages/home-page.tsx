import { ConfidenceSection } from '#web/features/home/components/confidence-section.tsx';
import { CtaSection } from '#web/features/home/components/cta-section.tsx';
import { FeatureCards } from '#web/features/home/components/feature-cards.tsx';
import { Hero } from '#web/features/home/components/hero.tsx';
import { HowItWorks } from '#web/features/home/components/how-it-works.tsx';
import { homeText } from '#web/features/home/messages.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

/** The landing page. The server renders the head (title, description, canonical, social tags, JSON-LD) for '/'. */
export default function HomePage() {
  const { title, description, keywords } = homeText.meta;
  usePageMeta({ fullTitle: title, description, keywords });
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
