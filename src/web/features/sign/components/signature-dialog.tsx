import { useState } from 'react';
import type { RecipientField } from '#shared/requests/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { cn } from '#web/lib/cn.ts';
import { useSavedSignatures } from '../api/list-saved-signatures.ts';
import { initialsOf, type Filled } from '../lib/values.ts';
import { signText as t } from '../messages.ts';
import { DrawTab } from './draw-tab.tsx';
import { TypeTab } from './type-tab.tsx';
import { UploadTab } from './upload-tab.tsx';

type Method = 'draw' | 'type' | 'upload' | 'saved';

interface SignatureDialogProps {
  field: RecipientField | null;
  recipientName: string;
  savedAllowed: boolean;
  onClose: () => void;
  onApply: (field: RecipientField, value: Filled) => void;
}

/** A signature or initials: drawn, typed in a handwriting font, uploaded, or a saved one. */
export function SignatureDialog({
  field,
  recipientName,
  savedAllowed,
  onClose,
  onApply,
}: SignatureDialogProps) {
  const initials = field?.type === 'initials';
  // touch-action: manipulation: a tap right after drawing is a click, not the second half of a double-tap zoom.
  return (
    <Dialog open={field !== null} onOpenChange={(open) => !open && onClose()}>
      {field ? (
        <DialogContent
          title={initials ? t.initialsTitle : t.signatureTitle}
          description={t.signatureDescription}
          size="md"
          className="touch-manipulation"
        >
          <Body
            key={field.id}
            field={field}
            typed={initials ? initialsOf(recipientName) : recipientName}
            savedAllowed={savedAllowed && !initials}
            onApply={(value) => onApply(field, value)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Body(props: {
  field: RecipientField;
  typed: string;
  savedAllowed: boolean;
  onApply: (value: Filled) => void;
}) {
  const [method, setMethod] = useState<Method>('draw');
  const [images, setImages] = useState<Record<'draw' | 'type' | 'upload', string | null>>({
    draw: null,
    type: null,
    upload: null,
  });
  const [saved, setSaved] = useState<{ id: number; preview: string } | null>(null);
  const set = (m: 'draw' | 'type' | 'upload') => (png: string | null) =>
    setImages((prev) => ({ ...prev, [m]: png }));

  const image = method === 'saved' ? null : images[method];
  const value: Filled | null =
    method === 'saved'
      ? saved && { kind: 'saved', signatureId: saved.id, preview: saved.preview }
      : image
        ? { kind: 'image', image, method }
        : null;

  return (
    <>
      <Tabs value={method} onValueChange={(v) => setMethod(v as Method)}>
        <TabsList>
          <TabsTrigger value="draw">{t.tabDraw}</TabsTrigger>
          <TabsTrigger value="type">{t.tabType}</TabsTrigger>
          <TabsTrigger value="upload">{t.tabUpload}</TabsTrigger>
          {props.savedAllowed ? <TabsTrigger value="saved">{t.tabSaved}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="draw" className="mt-4">
          <DrawTab onImage={set('draw')} />
        </TabsContent>
        <TabsContent value="type" className="mt-4">
          <TypeTab initial={props.typed} initials={props.field.type === 'initials'} onImage={set('type')} />
        </TabsContent>
        <TabsContent value="upload" className="mt-4">
          <UploadTab onImage={set('upload')} />
        </TabsContent>
        {props.savedAllowed ? (
          <TabsContent value="saved" className="mt-4">
            <SavedTab selectedId={saved?.id ?? null} onPick={setSaved} />
          </TabsContent>
        ) : null}
      </Tabs>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{t.cancel}</Button>
        </DialogClose>
        <Button disabled={!value} onClick={() => value && props.onApply(value)}>
          {t.apply}
        </Button>
      </DialogFooter>
    </>
  );
}

function SavedTab(props: {
  selectedId: number | null;
  onPick: (s: { id: number; preview: string }) => void;
}) {
  const query = useSavedSignatures(true);
  const list = (query.data ?? []).filter((s) => s.signatureData !== '' && !s.revokedAt);
  if (query.isPending) return null;
  if (list.length === 0) return <p className="text-sm text-slate-700">{t.savedNone}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3">
      {list.map((s) => (
        <li key={s.id}>
          <button
            type="button"
            aria-pressed={props.selectedId === s.id}
            aria-label={t.useSaved(s.signerName || String(s.id))}
            onClick={() => props.onPick({ id: s.id, preview: s.signatureData })}
            className={cn(
              'relative grid h-20 w-full place-items-center rounded-lg border bg-white p-2 hover:border-ink-600',
              props.selectedId === s.id ? 'border-ink-700 ring-2 ring-ink-600' : 'border-slate-300',
            )}
          >
            <img src={s.signatureData} alt="" className="max-h-full max-w-full object-contain" />
            {s.isDefault ? (
              <Badge tone="info" className="absolute top-1 right-1">
                {t.defaultBadge}
              </Badge>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
