import { cn } from '#web/lib/cn.ts';

const variants = {
  primary: 'bg-ink-700 text-white shadow-sm hover:bg-ink-800 disabled:bg-ink-300',
  secondary:
    'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50 disabled:text-slate-500',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  subtle: 'bg-ink-50 text-ink-800 hover:bg-ink-100',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/**
 * The button look, for links styled as buttons. Apart from button.tsx so that pages which only
 * style links do not load Radix Slot (the shell and the home page stay small).
 */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-600 disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
  );
}
