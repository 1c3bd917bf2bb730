import { Briefcase, Car, GraduationCap, House, Scale, Stethoscope, type LucideIcon } from 'lucide-react';
import type { UseCase, UseCaseIcon } from '#web/features/info/content/use-cases.ts';
import { infoText } from '#web/features/info/messages.ts';
import { cn } from '#web/lib/cn.ts';

export const useCaseIcons: Record<UseCaseIcon, LucideIcon> = {
  business: Briefcase,
  education: GraduationCap,
  healthcare: Stethoscope,
  legal: Scale,
  realEstate: House,
  automotive: Car,
};

/** One field: its summary beside three concrete scenarios. */
export function UseCaseSection({ useCase, shaded }: { useCase: UseCase; shaded: boolean }) {
  const Icon = useCaseIcons[useCase.icon];
  const titleId = `${useCase.id}-title`;
  return (
    <section
      id={useCase.id}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={cn('outline-none', shaded && 'bg-slate-50')}
    >
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[20rem_1fr]">
        <div>
          <span className="grid size-12 place-items-center rounded-xl bg-ink-700 text-white">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h2 id={titleId} className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
            {useCase.title}
          </h2>
          <p className="mt-2 text-slate-700">{useCase.summary}</p>
        </div>
        <div>
          <h3 className="sr-only">{infoText.useCases.scenarios}</h3>
          <ul className="grid gap-4 md:grid-cols-3">
            {useCase.scenarios.map((scenario) => (
              <li key={scenario.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <h4 className="font-semibold text-slate-900">{scenario.title}</h4>
                <p className="mt-2 text-sm leading-6 text-slate-700">{scenario.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
