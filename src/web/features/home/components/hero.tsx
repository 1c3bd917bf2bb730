import { Check, PenLine, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { SampleSignatureCard } from '#web/features/home/components/sample-signature-card.tsx';

const highlights = ['Free, no account needed', 'PNG, JPG and SVG downloads', 'A QR code on every signature'];

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-ink-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-ink-200 bg-white px-3 py-1 text-sm font-medium text-ink-800 shadow-sm">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Signatures with built-in proof
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Electronic signatures <span className="text-ink-700">anyone can verify</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">
            Draw or type your signature, download it with a QR code, and let anyone confirm who signed and
            when — in seconds, from any phone.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link href="/signature" className={buttonClasses('primary', 'lg')}>
              <PenLine aria-hidden="true" className="size-5" />
              Create Signature
            </Link>
            <Link href="/verify-signature" className={buttonClasses('secondary', 'lg')}>
              <ShieldCheck aria-hidden="true" className="size-5" />
              Verify Signature
            </Link>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {highlights.map((text) => (
              <li key={text} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-emerald-700" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <SampleSignatureCard />
      </div>
    </section>
  );
}
