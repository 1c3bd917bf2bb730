import { useId } from 'react';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { blogAdminText } from '#web/features/blog/messages.ts';

const t = blogAdminText.editor;

/** The Published switch with its label and hint side by side. */
export function PublishedSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="space-y-0.5">
        <Label htmlFor={id}>{t.published}</Label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {t.publishedHint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}
