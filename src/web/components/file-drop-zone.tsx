import type { LucideIcon } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';

interface FileDropZoneProps {
  icon: LucideIcon;
  busy: boolean;
  label: string;
  hint: string;
  accept: string;
  disabled?: boolean;
  testId?: string;
  /** Called with the dropped or picked file; the input is cleared so the same file can be picked again. */
  onFile: (file: File | undefined) => void;
}

/** A drop area that is also a keyboard-reachable file picker (the label wraps a hidden input). */
export function FileDropZone({
  icon: Icon,
  busy,
  label,
  hint,
  accept,
  disabled,
  testId,
  onFile,
}: FileDropZoneProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    onFile(event.dataTransfer.files[0]);
  };
  return (
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
        <Icon aria-hidden="true" className="size-6 text-ink-700" />
      )}
      <span className="font-medium text-slate-900">{label}</span>
      <span className="text-sm text-slate-600">{hint}</span>
      <input
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        className="sr-only"
        data-testid={testId}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}
