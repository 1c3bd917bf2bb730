import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function SignDocumentPage() {
  return (
    <PlaceholderPage
      title="Sign Document"
      purpose="Place your saved signatures on the pages of a PDF and save a signed copy."
    />
  );
}
