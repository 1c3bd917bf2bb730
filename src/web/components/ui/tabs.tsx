import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * WAI-ARIA tabs (automatic activation: arrow keys, Home and End move and select; one tab stop),
 * with the API of the Radix Tabs they replace. Written here because the creator and sign-in pages
 * show tabs at first paint, and Radix's (collection, roving focus, presence) weighed 7.8 KB gzip
 * of the about 100 KB those pages may load before they are usable.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  id: string;
}
const TabsContext = createContext<TabsState | null>(null);

function useTabs() {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const slug = (value: string) => value.replace(/[^\w-]/g, '_');
const triggerId = (s: TabsState, value: string) => `${s.id}-tab-${slug(value)}`;
const panelId = (s: TabsState, value: string) => `${s.id}-panel-${slug(value)}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children?: ReactNode;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const id = useId();
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, id }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** Arrow keys, Home and End move between the list's tabs; focusing one selects it. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const move = KEYS[event.key];
  if (!move || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const list = event.currentTarget.closest('[role="tablist"]');
  const tabs = [...(list?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
  const at = tabs.indexOf(event.currentTarget);
  if (at < 0) return;
  event.preventDefault();
  tabs[move(at, tabs.length)]?.focus();
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-slate-100 p-1', className)}
      {...props}
    />
  );
}

type TriggerProps = Omit<ComponentProps<'button'>, 'value'> & { value: string };

export function TabsTrigger({
  value,
  className,
  onFocus,
  onClick,
  onKeyDown,
  disabled,
  ...props
}: TriggerProps) {
  const s = useTabs();
  const active = s.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(s, value)}
      aria-selected={active}
      aria-controls={panelId(s, value)}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      disabled={disabled}
      className={cn(
        'rounded-lg px-2 py-2 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900',
        'data-[state=active]:bg-white data-[state=active]:text-ink-800 data-[state=active]:shadow-sm',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) s.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented) s.select(value);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        moveFocus(event);
      }}
      {...props}
    />
  );
}

type ContentProps = Omit<ComponentProps<'div'>, 'value'> & { value: string };

/** Only the selected panel is rendered, as with Radix. */
export function TabsContent({ value, className, ...props }: ContentProps) {
  const s = useTabs();
  if (s.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(s, value)}
      aria-labelledby={triggerId(s, value)}
      data-state="active"
      tabIndex={0}
      className={cn('mt-6 focus-visible:outline-offset-4', className)}
      {...props}
    />
  );
}
