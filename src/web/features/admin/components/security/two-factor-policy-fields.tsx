import type { UseFormRegister } from 'react-hook-form';
import type { SecuritySettingsInput } from '#shared/admin/schemas.ts';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';

const options = [
  {
    name: 'requireTwoFactorForAdmins',
    label: 'Require two-factor sign-in for admins',
    hint: 'Admins without it are asked to set it up, with a banner until done. Nobody is locked out.',
  },
  {
    name: 'requireTwoFactorForAll',
    label: 'Require two-factor sign-in for all users',
    hint: 'Every user is asked the same way.',
  },
] as const;

/** Who is asked to set up two-factor sign-in. */
export function TwoFactorPolicyFields({ register }: { register: UseFormRegister<SecuritySettingsInput> }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Two-factor sign-in</h2>
        <p className="text-sm text-slate-700">An authenticator app or a passkey after the password.</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {options.map((o) => (
          <div key={o.name} className="flex gap-3">
            <input
              id={`policy-${o.name}`}
              type="checkbox"
              aria-describedby={`policy-${o.name}-hint`}
              className="mt-1 size-4 accent-ink-700"
              {...register(o.name)}
            />
            <div>
              <label htmlFor={`policy-${o.name}`} className="text-sm font-medium text-slate-900">
                {o.label}
              </label>
              <p id={`policy-${o.name}-hint`} className="text-sm text-slate-700">
                {o.hint}
              </p>
            </div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
