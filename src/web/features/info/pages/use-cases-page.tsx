import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function UseCasesPage() {
  return (
    <PlaceholderPage
      title="Use Cases"
      purpose="See how businesses, schools, clinics, law firms, estate agents and car dealers use verifiable signatures."
    />
  );
}
