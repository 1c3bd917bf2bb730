import { FileUp, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Template } from '#shared/templates/answers.ts';
import { templateNameSchema } from '#shared/templates/schemas.ts';
import { FileDropZone } from '#web/components/file-drop-zone.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { checkFile, nameFromFile } from '#web/lib/upload-checks.ts';
import { useCreateTemplate } from '../api/create-template.ts';
import { templatesText as t } from '../messages.ts';

interface NewTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (template: Template) => void;
}

/** A PDF and a name make a template without roles; the editor comes next. */
export function NewTemplateDialog({ open, onOpenChange, onCreated }: NewTemplateDialogProps) {
  const formId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ file?: string | null; name?: string | null }>({});
  const create = useCreateTemplate();

  const close = (next: boolean) => {
    if (!next) {
      setFile(null);
      setName('');
      setErrors({});
      create.reset();
    }
    onOpenChange(next);
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    if (!name.trim()) setName(nameFromFile(chosen.name));
    setErrors({ file: checkFile(chosen) });
    create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const named = templateNameSchema.safeParse(name);
    const found = {
      file: checkFile(file),
      name: named.success ? null : (named.error.issues[0]?.message ?? null),
    };
    setErrors(found);
    if (found.file || found.name || !file) return;
    create.mutate(
      { name: name.trim(), file },
      {
        onSuccess: (answer) => {
          close(false);
          onCreated(answer.template);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t.newTitle} description={t.newText}>
        <form id={formId} noValidate onSubmit={submit} className="space-y-4">
          <div className="space-y-1.5">
            <FileDropZone
              icon={FileUp}
              busy={false}
              label={file ? t.chosenFile(file.name) : t.dropLabel}
              hint={t.dropHint}
              accept="application/pdf,.pdf"
              disabled={create.isPending}
              testId="template-file-input"
              onFile={choose}
            />
            {errors.file ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errors.file}
              </p>
            ) : null}
          </div>
          <FormField label={t.nameLabel} error={errors.name ?? undefined}>
            <Input
              value={name}
              maxLength={250}
              disabled={create.isPending}
              autoComplete="off"
              onChange={(event) => {
                setName(event.target.value);
                if (errors.name) setErrors((e) => ({ ...e, name: null }));
              }}
            />
          </FormField>
          {create.isError ? (
            <Alert tone="error" role="alert" title={t.createFailed}>
              {create.error.message}
            </Alert>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="secondary" onClick={() => close(false)}>
            {t.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <Upload aria-hidden="true" className="size-4" />
            )}
            {create.isPending ? t.creating : t.create}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
