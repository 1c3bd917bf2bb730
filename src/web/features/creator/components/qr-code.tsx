import QRCode from 'qrcode';
import { useMemo } from 'react';
import { qrPath } from '../lib/qr-path.ts';
import { creatorText as t } from '../messages.ts';

/** The QR code as one SVG path: level M, no margin, black on white; 100 px, 130 px on larger screens. */
export function QrCode({ url }: { url: string }) {
  const { size, d } = useMemo(() => {
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    return { size: modules.size, d: qrPath(modules) };
  }, [url]);
  return (
    <svg
      role="img"
      aria-label={t.qrLabel}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
      data-url={url}
      className="size-[100px] shrink-0 sm:size-[130px]"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
