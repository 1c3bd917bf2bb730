import { Upload } from 'lucide-react';
import { useState } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { PageHeading } from '#web/components/page-heading.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { DocumentsList } from '../components/documents-list.tsx';
import { UploadDialog } from '../components/upload-dialog.tsx';
import { documentsText as t } from '../messages.ts';

/** /documents. */
export default function DocumentsPage() {
  usePageMeta({ title: m.pageTitle });
  const [uploading, setUploading] = useState(false);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeading title={m.pageTitle} lead={t.pageLead} />
        <Button className="self-start sm:self-auto" onClick={() => setUploading(true)}>
          <Upload aria-hidden="true" className="size-4" />
          {m.upload}
        </Button>
      </div>
      <div className="mt-8">
        <DocumentsList onUpload={() => setUploading(true)} />
      </div>
      <UploadDialog open={uploading} onOpenChange={setUploading} />
    </div>
  );
}
