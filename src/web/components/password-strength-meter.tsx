import { passwordStrength, type StrengthLevel } from '#shared/password-strength.ts';
import { cn } from '#web/lib/cn.ts';

const levels: Record<StrengthLevel, { label: string; bar: string; text: string }> = {
  weak: { label: 'Weak', bar: 'bg-red-600', text: 'text-red-700' },
  medium: { label: 'Medium', bar: 'bg-yellow-400', text: 'text-amber-800' },
  strong: { label: 'Strong', bar: 'bg-green-600', text: 'text-green-800' },
};

/** The spec's strength meter: red below 40, yellow below 70, green otherwise. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, level } = passwordStrength(password);
  const { label, bar, text } = levels[level];
  return (
    <div className="space-y-1" data-strength={level}>
      <div className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className={cn('h-full rounded-full transition-[width]', bar)} style={{ width: `${score}%` }} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        Password strength: <span className={cn('font-semibold', text)}>{label}</span>
      </p>
    </div>
  );
}
