import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function TempDownloadPage() {
  return (
    <PlaceholderPage
      title="Password Reset Email Template"
      purpose="Download the e-mail template this server uses for password reset messages, to adapt it to your own brand."
    />
  );
}
