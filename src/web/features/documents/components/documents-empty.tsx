import { FileUp, Upload } from 'lucide-react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';

/** 'No documents found', with a hint that depends on whether filters are active. */
export function DocumentsEmpty({ filtered, onUpload }: { filtered: boolean; onUpload: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <div className="grid size-12 place-items-center rounded-full bg-ink-50 text-ink-700">
        <FileUp aria-hidden="true" className="size-6" />
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{m.listEmpty}</h2>
      <p className="max-w-sm text-slate-700">{filtered ? m.listEmptyFiltered : m.listEmptyStart}</p>
      {filtered ? null : (
        <Button className="mt-2" onClick={onUpload}>
          <Upload aria-hidden="true" className="size-4" />
          {m.uploadDocument}
        </Button>
      )}
    </Card>
  );
}
