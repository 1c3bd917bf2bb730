import { useState } from 'react';
import type { CreatedToken } from '#shared/api/tokens.ts';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { apiTokensText as t } from '#web/features/settings/api-tokens-text.ts';
import { CreateTokenForm } from './create-token-form.tsx';
import { NewToken } from './new-token.tsx';

interface CreateTokenDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (token: CreatedToken) => void;
}

/**
 * One dialog for both steps: the form, then the new token in its place. The focus stays inside
 * the dialog between them, and goes back to the Create button when it closes; the secret is
 * forgotten with it.
 */
export function CreateTokenDialog({ open, onOpenChange, onCreated }: CreateTokenDialogProps) {
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setCreated(null);
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={created ? t.shownTitle : t.createTitle}
        description={created ? t.shownLead(created.name) : t.createLead}
        // A click beside the dialog would lose the token before it was copied.
        onInteractOutside={(event) => event.preventDefault()}
      >
        {created ? (
          <NewToken created={created} />
        ) : (
          <CreateTokenForm
            onCreated={(token) => {
              setCreated(token);
              onCreated(token);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
