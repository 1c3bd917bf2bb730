import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function DashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      purpose="See your signed, pending and shared documents at a glance and pick up where you left off."
    />
  );
}
