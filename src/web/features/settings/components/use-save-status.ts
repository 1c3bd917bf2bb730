import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { describeSettingsError } from '#web/features/settings/api/describe-error.ts';

export type SaveStatus = { tone: 'success' | 'error'; text: string } | null;

interface SaveTexts {
  saved: string;
  /** What describeSettingsError shows when saving fails. */
  failed: Parameters<typeof describeSettingsError>[1];
}

/** How a settings form's save went: shown in the form and as a toast. */
export function useSaveStatus({ saved, failed }: SaveTexts) {
  const [status, setStatus] = useState<SaveStatus>(null);
  const onSaved = () => {
    setStatus({ tone: 'success', text: saved });
    toast({ title: saved, variant: 'success' });
  };
  const onFailed = (error: Error) => {
    const described = describeSettingsError(error, failed);
    setStatus({ tone: 'error', text: described.inline });
    toast({ ...described.toast, variant: 'destructive' });
  };
  return {
    status,
    clear: () => setStatus(null),
    /** A mutation's callbacks: `then` runs on success (reset the form), before the form says so. */
    callbacks: <T>(then: (data: T) => void) => ({
      onSuccess: (data: T) => {
        then(data);
        onSaved();
      },
      onError: onFailed,
    }),
  };
}
