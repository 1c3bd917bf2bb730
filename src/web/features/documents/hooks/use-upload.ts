import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { ApiError, isAbortError } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { documentsKey } from '../api/keys.ts';
import { uploadDocument } from '../api/upload-document.ts';
import { documentsText as t } from '../messages.ts';

export type UploadState =
  { kind: 'idle' } | { kind: 'sending'; progress: number } | { kind: 'failed'; message: string };

/** Server refusals arrive as their message; a dropped connection says nothing, so say what we know. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t.uploadConnectionLost;
    return error.message || m.uploadFailedFallback;
  }
  return m.uploadFailedFallback;
}

/** One upload at a time, with its real progress; cancel() aborts the request in flight. */
export function useUpload(onDone: (doc: DocumentSummary) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // The failure's toast belongs to that file: it goes when another file is chosen or the dialog closes.
  const failureToast = useRef<{ dismiss: () => void } | null>(null);
  const dismissFailure = () => {
    failureToast.current?.dismiss();
    failureToast.current = null;
  };

  useEffect(() => () => controller.current?.abort(), []);

  async function start(name: string, file: File) {
    dismissFailure();
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'sending', progress: 0 });
    try {
      const doc = await uploadDocument(name, file, {
        signal: current.signal,
        onProgress: (fraction) => setState({ kind: 'sending', progress: Math.round(fraction * 100) }),
      });
      setState({ kind: 'idle' });
      toast({
        title: m.uploadedTitle,
        description: doc.activeContent.length ? m.activeContentFound(doc.activeContent) : m.uploadedText,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: documentsKey });
      onDone(doc);
    } catch (error) {
      if (isAbortError(error)) return;
      const message = failureText(error);
      setState({ kind: 'failed', message });
      failureToast.current = toast({ title: m.uploadFailed, description: message, variant: 'destructive' });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    dismissFailure();
    setState({ kind: 'idle' });
  }

  function clearError() {
    dismissFailure();
    setState({ kind: 'idle' });
  }

  return { state, start, cancel, clearError };
}
