import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function TermsPage() {
  return (
    <PlaceholderPage
      title="Terms & Conditions"
      purpose="Read the terms that apply when you create, save and verify signatures with Inkproof."
    />
  );
}
