import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function CreateSignaturePage() {
  return (
    <PlaceholderPage
      title="Create a Signature"
      purpose="Draw or type your signature, add your name and an optional reference, and download it with a QR code that anyone can scan to verify it."
    />
  );
}
