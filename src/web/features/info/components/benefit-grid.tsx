import { Download, Gift, PenLine, QrCode, type LucideIcon } from 'lucide-react';
import { benefits } from '#web/features/info/content/about.ts';
import { infoText } from '#web/features/info/messages.ts';

const icons: Record<(typeof benefits)[number]['id'], LucideIcon> = {
  quick: PenLine,
  formats: Download,
  qr: QrCode,
  free: Gift,
};

export function BenefitGrid() {
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="benefits-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {infoText.about.benefitsTitle}
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map((benefit) => {
          const Icon = icons[benefit.id];
          return (
            <li key={benefit.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-xl bg-ink-700 text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-slate-700">{benefit.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
