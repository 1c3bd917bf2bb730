import { useId, useState, type FormEvent } from 'react';
import type { TemplateSummary } from '#shared/templates/answers.ts';
import { templateNameSchema } from '#shared/templates/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useUpdateTemplate } from '../api/update-template.ts';
import { templatesText as t } from '../messages.ts';

/** Renames one template; its roles and fields stay as they are. */
export function RenameDialog({
  template,
  onClose,
}: {
  template: TemplateSummary | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={template !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {template ? <RenameForm key={template.id} template={template} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RenameForm({ template, onClose }: { template: TemplateSummary; onClose: () => void }) {
  const formId = useId();
  const [name, setName] = useState(template.name);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateTemplate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = templateNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    update.mutate(
      { id: template.id, body: { name: parsed.data } },
      {
        onSuccess: () => {
          toast({ title: t.renamed, variant: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <DialogContent title={t.renameTitle} size="sm">
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormField label={t.nameLabel} error={error}>
          <Input
            value={name}
            maxLength={250}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        {update.isError ? (
          <Alert tone="error" role="alert">
            {update.error.message}
          </Alert>
        ) : null}
      </form>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit" form={formId} disabled={update.isPending}>
          {update.isPending ? <Spinner className="size-4" /> : null}
          {t.renameSave}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
