import { useParams } from 'wouter';
import { PlaceholderPage } from '#web/components/placeholder-page.tsx';

export default function DocumentDetailPage() {
  const { id } = useParams<{ id: string }>();
  const documentId = Number.parseInt(id ?? '', 10);
  const title = Number.isInteger(documentId) ? `Document #${documentId}` : 'Document';
  return (
    <PlaceholderPage
      title={title}
      purpose="View a document, see its signing status, and share or download it."
    />
  );
}
