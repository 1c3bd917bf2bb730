import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function DocumentsPage() {
  return (
    <PlaceholderPage
      title="Documents"
      purpose="Upload PDF documents, see which are signed or pending, and share or download them."
    />
  );
}
