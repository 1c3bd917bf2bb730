import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from '#web/components/ui/button-classes.ts';
import { cn } from '#web/lib/cn.ts';

export { buttonClasses } from '#web/components/ui/button-classes.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (a link) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={cn(buttonClasses(variant, size), className)} {...props} />;
  return (
    <button type={type ?? 'button'} className={cn(buttonClasses(variant, size), className)} {...props} />
  );
}
