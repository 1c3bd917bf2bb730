import { useId } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { useToggleSignatureAccess } from '#web/features/signatures/api/toggle-signature-access.ts';
import { switchOn } from '#web/features/signatures/lib/signature-view.ts';

/** 'Public Access': on, anyone with the reference number or QR code can verify the signature. */
export function AccessSwitch({ signature }: { signature: OwnSignature }) {
  const id = useId();
  const toggle = useToggleSignatureAccess();
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
      <Label htmlFor={id}>{m.publicAccess}</Label>
      <Switch
        id={id}
        checked={switchOn(signature)}
        disabled={toggle.isPending}
        onCheckedChange={() => toggle.mutate(signature.id)}
      />
    </div>
  );
}
