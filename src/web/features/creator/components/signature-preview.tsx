import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { captionEntries } from '../hooks/use-creator-actions.ts';
import { signatureImage } from '../lib/model.ts';
import { creatorText as t } from '../messages.ts';
import { useCreator } from './creator-context.tsx';
import { QrCode } from './qr-code.tsx';

/** The signature, its QR code and caption, laid out as the combined download is. */
export function SignaturePreview() {
  const { view, host, referenceError, download } = useCreator();
  const qrMissing = view.name && referenceError && !download.active ? t.fixReferenceForQr : m.addNameForQr;
  const src = view.signature ? signatureImage(view.signature) : '';
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-2.5" data-testid="combined-preview">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
        <div className="grid aspect-[12/5] w-full max-w-[600px] place-items-center">
          {src ? (
            <img src={src} alt={t.previewSignatureAlt(view.name)} className="max-h-full max-w-full" />
          ) : (
            <p className="text-sm text-slate-600 italic">{m.noImage}</p>
          )}
        </div>
        {view.qrUrl ? (
          <QrCode url={view.qrUrl} />
        ) : (
          <p
            className="grid size-[100px] shrink-0 place-items-center rounded border border-dashed border-slate-300 p-2 text-center text-xs text-slate-600 sm:size-[130px]"
            data-testid="qr-missing"
          >
            {qrMissing}
          </p>
        )}
      </div>
      <figcaption className="mt-2 space-y-0.5 text-sm break-words text-slate-800">
        {captionEntries(view, host).map((e) => (
          <p key={e.label}>
            <span className="font-medium">{e.label}</span> {e.value}
          </p>
        ))}
      </figcaption>
    </figure>
  );
}
