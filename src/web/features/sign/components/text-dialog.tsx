import { useState } from 'react';
import { TEXT_FIELD_MAX, type RecipientField } from '#shared/requests/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { signText as t } from '../messages.ts';

interface TextDialogProps {
  field: RecipientField | null;
  initial: string;
  onClose: () => void;
  onApply: (field: RecipientField, text: string) => void;
}

/** A text field's value, typed in a dialog (the field itself may be tiny on a phone). */
export function TextDialog({ field, initial, onClose, onApply }: TextDialogProps) {
  return (
    <Dialog open={field !== null} onOpenChange={(open) => !open && onClose()}>
      {field ? (
        <DialogContent title={t.textTitle} size="sm">
          <TextBody key={field.id} initial={initial} onApply={(text) => onApply(field, text)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function TextBody({ initial, onApply }: { initial: string; onApply: (text: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(text);
      }}
    >
      <FormField label={t.textLabel}>
        <Textarea
          rows={3}
          maxLength={TEXT_FIELD_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit">{t.apply}</Button>
      </DialogFooter>
    </form>
  );
}
