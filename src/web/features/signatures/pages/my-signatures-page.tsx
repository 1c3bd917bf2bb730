import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function MySignaturesPage() {
  return (
    <PlaceholderPage
      title="My Signatures"
      purpose="Keep the signatures you save in one place, download them again, and choose which ones anyone can verify."
    />
  );
}
