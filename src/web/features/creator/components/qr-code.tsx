import { useEffect, useMemo, useState } from 'react';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { qrPath } from '../lib/qr-path.ts';
import { creatorText as t } from '../messages.ts';

type Encoder = (typeof import('qrcode'))['default'];
/** The QR encoder (about 9 KB gzip) loads when a preview first shows a code, not with the page. */
const loadEncoder = reloadingOnMissingChunk(() => import('qrcode').then((m) => m.default));
let loaded: Encoder | null = null;

const boxClass = 'size-[100px] shrink-0 sm:size-[130px]';

/** The QR code as one SVG path: level M, no margin, black on white; 100 px, 130 px on larger screens. */
export function QrCode({ url }: { url: string }) {
  const [encoder, setEncoder] = useState(loaded);
  useEffect(() => {
    if (encoder) return;
    let live = true;
    void loadEncoder().then((e) => {
      loaded = e;
      if (live) setEncoder(e);
    });
    return () => {
      live = false;
    };
  }, [encoder]);
  const qr = useMemo(() => {
    if (!encoder) return null;
    const { modules } = encoder.create(url, { errorCorrectionLevel: 'M' });
    return { size: modules.size, d: qrPath(modules) };
  }, [encoder, url]);
  // the same white box meanwhile, so nothing moves when the code arrives
  if (!qr) return <div aria-hidden="true" className={`${boxClass} bg-white`} />;
  return (
    <svg
      role="img"
      aria-label={t.qrLabel}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
      data-url={url}
      className={boxClass}
    >
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={qr.d} fill="#000000" />
    </svg>
  );
}
