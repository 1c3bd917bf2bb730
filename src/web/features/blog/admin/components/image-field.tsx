import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_TYPES, blogMessages } from '#shared/blog/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useUploadImage } from '#web/features/blog/api/upload-image.ts';
import { blogAdminText } from '#web/features/blog/messages.ts';

const t = blogAdminText.editor;

interface ImageFieldProps {
  /** The stored image's URL, or ''. */
  value: string;
  onChange: (url: string) => void;
  /** A message from validating the whole form (the server's, on this field). */
  error?: string;
}

/** Uploads a PNG, JPEG or WebP (≤ 2 MB) to the server and keeps the URL it answers; preview and remove. */
export function ImageField({ value, onChange, error }: ImageFieldProps) {
  const id = useId();
  const upload = useUploadImage();
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!(BLOG_IMAGE_TYPES as readonly string[]).includes(file.type))
      return setProblem(blogMessages.imageType);
    if (file.size > BLOG_IMAGE_MAX_BYTES) return setProblem(blogMessages.imageTooLarge);
    upload.mutate(file, {
      onSuccess: ({ url }) => onChange(url),
      onError: (err) => setProblem(err.message),
    });
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {t.image}
      </p>
      {value ? (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          <img src={value} alt={t.imageAlt} className="aspect-[40/21] w-full object-cover" />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 shadow-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ink-600 hover:bg-slate-50">
          {upload.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <ImageUp aria-hidden="true" className="size-4" />
          )}
          <span>{upload.isPending ? t.uploading : value ? t.replaceImage : t.uploadImage}</span>
          <input
            id={id}
            type="file"
            accept={BLOG_IMAGE_TYPES.join(',')}
            onChange={onFile}
            disabled={upload.isPending}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            aria-invalid={message ? true : undefined}
            className="sr-only"
          />
        </label>
        {value ? (
          <Button variant="ghost" onClick={() => onChange('')} disabled={upload.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t.removeImage}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t.imageHint}
      </p>
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
