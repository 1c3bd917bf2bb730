import { Download, PenLine, Repeat, ShieldCheck } from 'lucide-react';
import { SectionHeading } from '#web/features/home/components/section-heading.tsx';

const features = [
  {
    icon: PenLine,
    title: 'Signature Creation',
    text: 'Draw with a mouse, finger or stylus, or type your name in a handwriting font of your choice.',
  },
  {
    icon: Download,
    title: 'Signature Download',
    text: 'Save your signature as PNG, JPG or SVG, on its own or together with its QR code and reference.',
  },
  {
    icon: Repeat,
    title: 'Reuse Signatures',
    text: 'Keep signatures in a free account and place them on PDF documents whenever you need them.',
  },
  {
    icon: ShieldCheck,
    title: 'Check Signatures',
    text: 'Anyone can check a signature by scanning its QR code or typing its reference number.',
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="features-title"
        eyebrow="Features"
        title="Everything a signature needs"
        lead="Create it, download it, reuse it and let others check it — all in one place."
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="grid size-11 place-items-center rounded-xl bg-ink-700 text-white">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
