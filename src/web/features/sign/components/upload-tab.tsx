import { useState } from 'react';
import { FormField } from '#web/components/ui/form-field.tsx';
import { uploadedPng } from '../lib/images.ts';
import { signText as t } from '../messages.ts';

/** A picture of a signature, redrawn as PNG in the browser. */
export function UploadTab({ onImage }: { onImage: (png: string | null) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <div className="space-y-3">
      <FormField label={t.uploadLabel} hint={t.uploadHint} error={error}>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-50 file:px-3 file:py-2 file:font-medium file:text-ink-800"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const png = await uploadedPng(file);
            setError(png ? undefined : t.uploadUnreadable);
            setPreview(png);
            onImage(png);
          }}
        />
      </FormField>
      {preview ? (
        <div className="grid aspect-[3/1] place-items-center overflow-hidden rounded-xl border border-slate-300 bg-white">
          <img src={preview} alt={t.uploadPreview} className="max-h-full max-w-full" />
        </div>
      ) : null}
    </div>
  );
}
