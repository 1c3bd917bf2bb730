import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { copyText } from '../lib/copy-text.ts';
import { formatDate } from '../lib/format.ts';
import { documentsText as t } from '../messages.ts';

export interface ShownLink {
  link: string;
  expiresAt: string;
}

/** Shows a new share link when the clipboard refused it; it is shown once, the server keeps only a hash. */
export function ShareLinkDialog({ shown, onClose }: { shown: ShownLink | null; onClose: () => void }) {
  const inputId = useId();
  const [status, setStatus] = useState('');
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) {
          setStatus('');
          onClose();
        }
      }}
    >
      <DialogContent title={t.shareDialogTitle} description={t.shareDialogText(formatDate(shown?.expiresAt))}>
        <div className="space-y-1.5">
          <Label htmlFor={inputId}>{t.shareLinkLabel}</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              readOnly
              value={shown?.link ?? ''}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              variant="secondary"
              onClick={async () => setStatus((await copyText(shown?.link ?? '')) ? t.copied : t.copyFailed)}
            >
              <Copy aria-hidden="true" className="size-4" />
              {t.copy}
            </Button>
          </div>
          <p role="status" className="min-h-5 text-sm text-slate-700">
            {status}
          </p>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button>{t.done}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
