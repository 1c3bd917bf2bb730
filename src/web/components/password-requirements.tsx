import { Check, X } from 'lucide-react';
import { PASSWORD_MIN } from '#shared/constants.ts';
import { cn } from '#web/lib/cn.ts';

const rules = [
  { label: `At least ${PASSWORD_MIN} characters`, test: (p: string) => p.length >= PASSWORD_MIN },
  { label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { label: 'One number', test: (p: string) => /[0-9]/.test(p) },
  { label: 'One special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
];

/** The new-password rules with a met or unmet state each. */
export function PasswordRequirements({ password, id }: { password: string; id?: string }) {
  return (
    <div id={id}>
      <p className="text-sm font-medium text-slate-800">Password requirements</p>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {rules.map((rule) => {
          const met = rule.test(password);
          const Icon = met ? Check : X;
          return (
            <li
              key={rule.label}
              data-met={met}
              className={cn('flex items-center gap-2', met ? 'text-green-800' : 'text-slate-600')}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span>
                {rule.label}
                <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
