import { BadgeCheck, Download, PenLine } from 'lucide-react';

const points = [
  { icon: PenLine, text: 'Draw or type your signature and keep it for next time.' },
  { icon: Download, text: 'Download it as PNG, JPG or SVG with its own QR code.' },
  { icon: BadgeCheck, text: 'Anyone can scan the code to check who signed and when.' },
];

/** The brand panel beside the auth forms on wide screens. */
export function AuthPanel() {
  return (
    <div className="hidden rounded-3xl bg-gradient-to-br from-ink-800 to-ink-950 p-10 text-white lg:sticky lg:top-24 lg:flex lg:min-h-[32rem] lg:flex-col lg:justify-between lg:self-start">
      <div>
        <p className="text-sm font-semibold tracking-wide text-ink-200 uppercase">Inkproof account</p>
        <p className="mt-4 text-3xl leading-tight font-bold">Signatures you can stand behind.</p>
        <ul className="mt-8 space-y-5">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white/10">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="pt-1.5 text-ink-100">{text}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="mt-10 text-sm text-ink-200">Free to use. No account needed for a quick signature.</p>
    </div>
  );
}
