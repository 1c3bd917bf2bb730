import { ImageOff } from 'lucide-react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

/** Only the server's own verification-image URL is shown; anything else in the answer is ignored. */
const isOwnImageUrl = (src: string) => src.startsWith('/api/');

/**
 * The server already sends a reduced, watermarked copy; the page blurs it a little more and marks
 * it, so a screenshot is as useless for forgery as the file itself.
 */
export function VerificationCopy({ src, signerName }: { src: string; signerName: string }) {
  if (!src || !isOwnImageUrl(src)) {
    return (
      <div className="grid min-h-40 place-items-center rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
        <div className="space-y-1">
          <ImageOff aria-hidden="true" className="mx-auto size-6 text-slate-500" />
          <p className="font-medium text-slate-800">{m.noImage}</p>
          <p className="text-sm text-slate-600">{m.metadataValid}</p>
        </div>
      </div>
    );
  }
  return (
    <figure className="space-y-2">
      <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-white select-none">
        <img
          src={src}
          alt={t.imageAlt(signerName)}
          draggable={false}
          onContextMenu={(event) => event.preventDefault()}
          className="mx-auto block max-h-56 w-full object-contain p-4 blur-[1.5px]"
        />
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 grid place-items-center">
          <span className="-rotate-12 rounded-md border-4 border-emerald-700/60 px-4 py-1 text-3xl font-black tracking-[0.3em] text-emerald-700/60 sm:text-4xl">
            {t.verifiedOverlay}
          </span>
        </div>
      </div>
      <figcaption className="text-center text-sm font-medium text-slate-700">{m.verificationCopy}</figcaption>
    </figure>
  );
}
