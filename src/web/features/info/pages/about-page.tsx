import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function AboutPage() {
  return (
    <PlaceholderPage
      title="About Inkproof"
      purpose="Learn what Inkproof does, why signatures you can verify matter, and read our terms and conditions."
    />
  );
}
