import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function VerifySignaturePage() {
  return (
    <PlaceholderPage
      title="Verify a Signature"
      purpose="Enter a reference number such as SIG-20250414-4821, or scan the QR code on a signature, to check who signed and when."
    />
  );
}
