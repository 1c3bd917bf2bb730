import { ImageUp } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { FileDropZone } from '#web/components/file-drop-zone.tsx';
import { CameraScanner } from '#web/features/verification/components/camera-scanner.tsx';
import { imageCheck } from '#web/features/verification/lib/lazy-parts.ts';
import type { LookupRequest } from '#web/features/verification/lib/lookup-types.ts';
import { describeTarget } from '#web/features/verification/lib/request-from-text.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml,.png,.jpg,.jpeg,.webp,.svg';

type Note = { tone: 'info' | 'error'; text: string; warning?: string } | null;

/** 'Check an image': the file is read here, in the browser; only the reference it names is looked up. */
export function CheckImage({
  onFound,
  onCheck,
}: {
  onFound: (request: LookupRequest) => void;
  onCheck?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function check(file: File | undefined) {
    if (!file || busy) return;
    onCheck?.();
    setBusy(true);
    setNote(null);
    try {
      const { checkImageFile } = await imageCheck.load();
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

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{t.checkTitle}</h2>
        <p className="text-sm text-slate-700">{t.checkLead}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <FileDropZone
          icon={ImageUp}
          busy={busy}
          label={busy ? t.reading : t.dropLabel}
          hint={t.dropHint}
          accept={ACCEPT}
          disabled={busy}
          onFile={(file) => void check(file)}
        />
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
