import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' } as const;

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  /** Where the focus goes on close when the control that opened the dialog is gone. */
  fallbackFocus?: () => void;
}

/**
 * A modal dialog: focus trapped, Escape and outside click close it. The backdrop is a plain element
 * rather than Radix's Overlay, whose scroll lock injects a <style> tag that the CSP (style-src 'self') refuses.
 * It sits one layer below the toasts (z-50), so a toast about the dialog's action stays readable.
 */
/**
 * The last element that had the focus: a menu item that opens a dialog loses it (to <body>) as
 * its menu closes, before the dialog opens.
 */
let lastFocused: Element | null = null;
if (typeof document !== 'undefined')
  document.addEventListener('focusin', (event) => (lastFocused = event.target as Element), true);

/**
 * The control that opened the dialog, to take the focus back when it closes. Radix knows only its
 * own Trigger; dialogs opened from state (a menu item, a card's button) sent the focus to <body>.
 * A menu item is gone once its menu closes: its menu's button stands in for it.
 */
function openerOf(active: Element | null): HTMLElement | null {
  const from = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
  if (!(from instanceof HTMLElement)) return null;
  const menu = from.closest('[role="menu"]');
  const trigger = menu?.getAttribute('aria-labelledby');
  return (trigger && document.getElementById(trigger)) || from;
}

export function DialogContent({
  title,
  description,
  size = 'md',
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  fallbackFocus,
  ...props
}: DialogContentProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-950/50" />
      <DialogPrimitive.Content
        // Says what Radix does (the page behind is hidden and cannot be reached): assistive
        // technology and checkers such as axe then treat it as the modal it is.
        aria-modal="true"
        onOpenAutoFocus={(event) => {
          // Runs as the content opens, before its focus trap moves the focus inside.
          opener.current = openerOf(document.activeElement);
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const back = opener.current;
          if (back?.isConnected) {
            event.preventDefault();
            back.focus();
          } else if (fallbackFocus) {
            event.preventDefault();
            fallbackFocus();
          }
        }}
        // Radix links the description itself; without one, say so explicitly.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-1/2 left-1/2 z-40 grid max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto',
          'rounded-2xl border border-slate-200 bg-white p-6 shadow-xl focus-visible:outline-none',
          widths[size],
          className,
        )}
        {...props}
      >
        <div className="space-y-1 pr-8">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-slate-700">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}
