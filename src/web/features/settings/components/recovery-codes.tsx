import { Copy, Download } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { saveFile } from '#web/lib/save-file.ts';
import { toast } from '#web/lib/toast.ts';
import { securityText as t } from '#web/features/settings/security-text.ts';

/** The recovery codes, shown once: as a list, as a .txt download, and to the clipboard. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Inkproof recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => toast({ title: t.copied, variant: 'success' }),
      () => toast({ title: t.copy, variant: 'destructive' }),
    );
  return (
    <section
      aria-labelledby="recovery-codes-heading"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="recovery-codes-heading" className="font-semibold text-slate-900">
        {t.codesHeading}
      </h3>
      <p className="text-sm text-slate-800">{t.codesIntro}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), 'inkproof-recovery-codes.txt')}
        >
          <Download aria-hidden="true" className="size-4" />
          {t.download}
        </Button>
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t.copy}
        </Button>
        <Button onClick={onDone}>{t.savedThem}</Button>
      </div>
    </section>
  );
}
