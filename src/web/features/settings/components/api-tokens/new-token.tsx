import { Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CreatedToken } from '#shared/api/tokens.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { apiTokensText as t } from '#web/features/settings/api-tokens-text.ts';

/** Copies text; false when the browser refuses (no permission, not focused, insecure origin). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The new token, shown once (the server keeps only its hash): the field to copy it from, the
 * warning, and a first call to try it with.
 */
export function NewToken({ created }: { created: CreatedToken }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState('');
  const curl = `curl -H "Authorization: Bearer ${created.token}" ${window.location.origin}/api/v1/documents`;

  // The form the focus was in is gone: the token's field takes it, and with it its warning is read.
  useEffect(() => box.current?.querySelector('input')?.focus(), []);

  return (
    <div ref={box} className="space-y-4">
      <div
        id={`${id}-warning`}
        className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p className="font-medium">{t.shownWarning}</p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-token`}>{t.tokenLabel}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-token`}
            readOnly
            value={created.token}
            aria-describedby={`${id}-warning`}
            className="font-mono"
            data-testid="new-api-token"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            variant="secondary"
            onClick={async () => setStatus((await copyText(created.token)) ? t.copied : t.copyFailed)}
          >
            <Copy aria-hidden="true" className="size-4" />
            {t.copy}
          </Button>
        </div>
        <p role="status" className="min-h-5 text-sm text-slate-700">
          {status}
        </p>
      </div>
      <section aria-labelledby={`${id}-example`} className="space-y-2">
        <h3 id={`${id}-example`} className="text-sm font-semibold text-slate-900">
          {t.exampleHeading}
        </h3>
        <p className="text-sm text-slate-700">{t.exampleLead}</p>
        <pre className="rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-slate-100">
          <code>{curl}</code>
        </pre>
        <p className="text-sm text-slate-700">
          {t.referenceText}{' '}
          <a href="/developers" className="font-medium text-ink-700 underline hover:text-ink-800">
            {t.referenceLink}
          </a>
          .
        </p>
      </section>
      <DialogFooter>
        <DialogClose asChild>
          <Button>{t.done}</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
