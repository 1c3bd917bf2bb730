import { Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useUpload } from '../hooks/use-upload.ts';
import { checkFile, checkName, nameFromFile } from '#web/lib/upload-checks.ts';
import { DropZone } from './drop-zone.tsx';
import { UploadProgress } from './upload-progress.tsx';

interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded?: (doc: DocumentSummary) => void;
}

interface Errors {
  file?: string | null;
  name?: string | null;
}

/** 'Upload Document': a PDF, its name, real progress; closing cancels the upload. */
export function UploadDialog({ open, onOpenChange, onUploaded }: UploadDialogProps) {
  const formId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const upload = useUpload((doc) => {
    reset();
    onOpenChange(false);
    onUploaded?.(doc);
  });
  const sending = upload.state.kind === 'sending';

  function reset() {
    setFile(null);
    setName('');
    setErrors({});
    upload.clearError();
  }

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    upload.cancel();
    reset();
    onOpenChange(false);
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    setName(nameFromFile(chosen.name));
    setErrors({ file: checkFile(chosen) });
    upload.clearError();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { file: checkFile(file), name: checkName(name) };
    setErrors(found);
    if (found.file || found.name || !file) return;
    void upload.start(name.trim(), file);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={m.uploadTitle} description={m.uploadText}>
        <form id={formId} noValidate onSubmit={submit} className="space-y-4">
          <DropZone file={file} disabled={sending} error={errors.file} onFile={choose} />
          <FormField label={m.documentName} error={errors.name ?? undefined}>
            <Input
              value={name}
              maxLength={250}
              disabled={sending}
              autoComplete="off"
              onChange={(event) => {
                setName(event.target.value);
                if (errors.name) setErrors((e) => ({ ...e, name: null }));
              }}
            />
          </FormField>
          <UploadProgress state={upload.state} />
          {upload.state.kind === 'failed' ? (
            <Alert tone="error" role="alert" title={m.uploadFailed}>
              {upload.state.message}
            </Alert>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="secondary" onClick={() => close(false)}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={sending}>
            {sending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" className="size-4" />}
            {m.uploadButton}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
