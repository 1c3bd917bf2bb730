import { ImageUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { CameraScanner } from '#web/features/verification/components/camera-scanner.tsx';
import { checkImageFile } from '#web/features/verification/lib/check-image-file.ts';
import type { LookupRequest } from '#web/features/verification/lib/lookup-types.ts';
import { describeTarget } from '#web/features/verification/lib/request-from-text.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml,.png,.jpg,.jpeg,.webp,.svg';

type Note = { tone: 'info' | 'error'; text: string; warning?: string } | null;

/** 'Check an image': the file is read here, in the browser; only the reference it names is looked up. */
export function CheckImage({ onFound }: { onFound: (request: LookupRequest) => void }) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function check(file: File | undefined) {
    if (!file || busy) return;
    setBusy(true);
    setNote(null);
    try {
      const result = await checkImageFile(file);
      if (result.kind === 'found') {
        const ref = describeTarget(result.request);
        const text = result.source === 'qr' ? t.foundInQr(ref) : t.foundInMetadata(ref);
        setNote({ tone: 'info', text, warning: result.mismatch ? t.qrMetadataMismatch : undefined });
        onFound(result.request);
      } else {
        const text = { 'not-ours': t.notOurs, nothing: t.nothingFound, unreadable: t.unreadable }[
          result.kind
        ];
        setNote({ tone: 'error', text });
      }
    } finally {
      setBusy(false);
    }
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{t.checkTitle}</h2>
        <p className="text-sm text-slate-700">{t.checkLead}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink-600',
            dragging ? 'border-ink-600 bg-ink-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100',
          )}
        >
          {busy ? (
            <Spinner className="size-6 text-ink-700" />
          ) : (
            <ImageUp aria-hidden="true" className="size-6 text-ink-700" />
          )}
          <span className="font-medium text-slate-900">{busy ? t.reading : t.dropLabel}</span>
          <span className="text-sm text-slate-600">{t.dropHint}</span>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            className="sr-only"
            onChange={(event) => {
              void check(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        <CameraScanner onFound={onFound} />
        <div role="status" className="space-y-2">
          {note ? (
            <Alert tone={note.tone === 'error' ? 'error' : 'info'}>
              <p>{note.text}</p>
              {note.warning ? <p className="mt-1 font-semibold">{note.warning}</p> : null}
            </Alert>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
