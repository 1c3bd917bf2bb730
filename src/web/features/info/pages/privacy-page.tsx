import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function PrivacyPage() {
  return (
    <PlaceholderPage
      title="Privacy Policy"
      purpose="Find out which data Inkproof keeps, for how long, and how to have it deleted."
    />
  );
}
