import type { LucideIcon } from 'lucide-react';
import { CardHeader } from '#web/components/ui/card.tsx';

/** A settings card's heading with its icon, and the sentence that says what the card is for. */
export function SettingsCardHeader({
  icon: Icon,
  title,
  intro,
}: {
  icon: LucideIcon;
  title: string;
  intro?: string;
}) {
  return (
    <CardHeader>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon aria-hidden="true" className="size-5 text-ink-700" />
        {title}
      </h2>
      {intro ? <p className="text-sm text-slate-700">{intro}</p> : null}
    </CardHeader>
  );
}
