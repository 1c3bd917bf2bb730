import type { ButtonHTMLAttributes } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from '#web/components/ui/button-classes.ts';
import { cn } from '#web/lib/cn.ts';

export { buttonClasses } from '#web/components/ui/button-classes.ts';

/** A link with the button's look takes `buttonClasses()` (no Slot: it cost every page's first paint). */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return (
    <button type={type ?? 'button'} className={cn(buttonClasses(variant, size), className)} {...props} />
  );
}
