import { ArrowRight, Fingerprint, QrCode, Stamp } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button-classes.ts';
import { homeText } from '#web/features/home/messages.ts';

const t = homeText.confidence;

const points = [
  { ...t.points.reference, icon: Fingerprint },
  { ...t.points.qr, icon: QrCode },
  { ...t.points.documents, icon: Stamp },
];

export function ConfidenceSection() {
  return (
    <section aria-labelledby="confidence-title" className="bg-slate-50">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="confidence-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t.title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t.lead}</p>
          <Link href="/signature" className={`${buttonClasses('primary', 'lg')} mt-8`}>
            {t.cta}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
        <ul className="grid gap-4">
          {points.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-emerald-50 text-emerald-800">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-slate-700">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
