import { KeyRound } from 'lucide-react';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePasskeyLogin } from '#web/features/auth/api/passkey-login.ts';
import { FormError } from '#web/features/auth/components/form-error.tsx';
import { authText } from '#web/features/auth/messages.ts';

/** "Sign in with a passkey": a discoverable credential, no e-mail or password typed. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  const passkey = usePasskeyLogin();
  const error = passkey.error;
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {authText.passkeyOr}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      <FormError
        error={error instanceof ApiError ? error : error ? new Error(authText.passkeyCancelled) : null}
      />
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={passkey.isPending}
        onClick={() => passkey.mutate(undefined, { onSuccess: onSignedIn })}
      >
        {passkey.isPending ? (
          <Spinner className="size-4" />
        ) : (
          <KeyRound aria-hidden="true" className="size-4" />
        )}
        {authText.passkeySignIn}
      </Button>
    </div>
  );
}
