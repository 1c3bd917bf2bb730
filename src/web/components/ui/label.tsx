import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A form label. As Radix's Label did (without its ~1.5 KB on every form page): a double click on
 * the label's text does not select it, while clicks on a control inside the label act as usual.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  const mouseDown = (event: MouseEvent<HTMLLabelElement>) => {
    if ((event.target as Element).closest('button, input, select, textarea')) return;
    onMouseDown?.(event);
    if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/label-has-associated-control -- callers give htmlFor or wrap the control; the handler only stops text selection on a double click, as Radix did
    <label
      className={cn('block text-sm font-medium text-slate-800', className)}
      onMouseDown={mouseDown}
      {...props}
    />
  );
}
