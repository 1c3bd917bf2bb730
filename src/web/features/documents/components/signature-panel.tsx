import { Keyboard, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useKeptWork } from '#web/lib/session/kept-work.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveSigningSignature } from '../api/save-signing-signature.ts';
import { strokesToPng, type Stroke } from '#web/components/drawing/pad-strokes.ts';
import { signingText as t } from '../signing-messages.ts';
import { SavedSignatures } from './saved-signatures.tsx';
import { SigningPad } from './signing-pad.tsx';

interface SignaturePanelProps {
  page: number;
  disabled?: boolean;
  /** A saved signature was picked, or a drawn one saved: place it. */
  onChoose: (signature: OwnSignature) => void;
}

/** 'Create Signature': draw and save a signature, or pick a saved one. */
export function SignaturePanel({ page, disabled, onChoose }: SignaturePanelProps) {
  const checkboxId = useId();
  const textId = useId();
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [isDefault, setIsDefault] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const save = useSaveSigningSignature();
  useKeptWork<Stroke[]>('signing-pad', () => (strokes.length ? strokes : null), setStrokes);

  const choose = (signature: OwnSignature) => {
    setSelectedId(signature.id);
    onChoose(signature);
  };

  const submit = async () => {
    try {
      const saved = await save.mutateAsync({ signatureData: strokesToPng(strokes), isDefault });
      toast({ title: m.signatureSavedTitle, description: m.signatureSavedText, variant: 'success' });
      setStrokes([]);
      setIsDefault(false);
      choose(saved);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : m.uploadFailedFallback;
      toast({ title: m.signatureSaveFailed, description: message, variant: 'destructive' });
    }
  };

  return (
    <Card className="space-y-5 p-5">
      <h2 className="text-lg font-semibold text-slate-900">{m.signaturePanelTitle}</h2>
      <SigningPad strokes={strokes} onChange={setStrokes} disabled={save.isPending || disabled} />
      <p className="flex gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <Keyboard aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {t.keyboardHint}{' '}
          <a href="/signature" target="_blank" rel="noopener" className="font-medium text-ink-700 underline">
            {t.keyboardLink}
            <span className="sr-only"> {t.newTab}</span>
          </a>{' '}
          {t.keyboardHintEnd}
        </span>
      </p>
      <div className="flex items-start gap-3">
        <Checkbox
          id={checkboxId}
          checked={isDefault}
          aria-describedby={textId}
          onCheckedChange={(value) => setIsDefault(value === true)}
          className="mt-0.5"
        />
        <div className="space-y-0.5">
          <Label htmlFor={checkboxId}>{m.setDefault}</Label>
          <p id={textId} className="text-sm text-slate-600">
            {m.setDefaultText}
          </p>
        </div>
      </div>
      <Button
        className="w-full"
        disabled={strokes.length === 0 || save.isPending || disabled}
        onClick={() => void submit()}
      >
        {save.isPending ? <Spinner className="size-4" /> : <Save aria-hidden="true" className="size-4" />}
        {save.isPending ? m.saving : m.saveSignature}
      </Button>
      <SavedSignatures page={page} selectedId={selectedId} disabled={disabled} onPick={choose} />
    </Card>
  );
}
