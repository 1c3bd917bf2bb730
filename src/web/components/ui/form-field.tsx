import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/cn.ts';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

interface FormFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The single form control; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<ControlProps>;
  /** Rendered between the label row and the control (for example a "Forgot password?" link). */
  labelAside?: ReactNode;
  className?: string;
}

/** A labelled control whose hint and error are tied to it for screen readers. */
export function FormField({ label, hint, error, children, labelAside, className }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
