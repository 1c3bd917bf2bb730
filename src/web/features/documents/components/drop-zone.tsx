import { FileText, FileUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { cn } from '#web/lib/cn.ts';
import { formatBytes } from '../lib/format.ts';
import { documentsText as t } from '../messages.ts';

interface DropZoneProps {
  file: File | null;
  disabled?: boolean;
  error?: string | null;
  onFile: (file: File) => void;
}

/** Drag a PDF here or click to browse; the input stays a real file input for keyboards and screen readers. */
export function DropZone({ file, disabled, error, onFile }: DropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <div className="space-y-1.5">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink-600',
          dragging ? 'border-ink-600 bg-ink-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100',
          error && 'border-red-700',
          disabled && 'cursor-not-allowed opacity-70',
        )}
      >
        {file ? (
          <FileText aria-hidden="true" className="size-7 text-ink-700" />
        ) : (
          <FileUp aria-hidden="true" className="size-7 text-ink-700" />
        )}
        <span className="font-medium break-all text-slate-900">{file ? file.name : t.dropLabel}</span>
        <span id={hintId} className="text-sm text-slate-600">
          {file ? `${formatBytes(file.size)} · ${t.dropReplace}` : m.uploadDropHint}
        </span>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          disabled={disabled}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onFile(chosen);
            event.target.value = '';
          }}
        />
      </label>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
