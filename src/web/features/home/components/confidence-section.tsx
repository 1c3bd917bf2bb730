import { ArrowRight, Fingerprint, QrCode, Stamp } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';

const points = [
  {
    icon: Fingerprint,
    title: 'A unique reference',
    text: 'Each signature gets its own reference number, so it can always be told apart.',
  },
  {
    icon: QrCode,
    title: 'A QR code that proves it',
    text: 'The code opens a public page with the signer’s name and the time of signing.',
  },
  {
    icon: Stamp,
    title: 'Documents, signed properly',
    text: 'Registered users place saved signatures on PDF pages and keep a signed copy.',
  },
];

export function ConfidenceSection() {
  return (
    <section aria-labelledby="confidence-title" className="bg-slate-50">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="confidence-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Sign Documents with Confidence
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            A signature image alone is easy to copy. An Inkproof signature carries its own proof: whoever
            receives it can check it is genuine without calling you.
          </p>
          <Link href="/signature" className={`${buttonClasses('primary', 'lg')} mt-8`}>
            Start signing
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
