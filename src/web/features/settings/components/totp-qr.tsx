import QRCode from 'qrcode';
import { useMemo } from 'react';
import { securityText as t } from '#web/features/settings/security-text.ts';

/** The otpauth:// URI as a QR code, drawn here (no image service): one SVG path of dark modules. */
export function TotpQr({ uri }: { uri: string }) {
  const { size, d } = useMemo(() => {
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (!modules.get(row, col)) continue;
        const start = col;
        while (col + 1 < modules.size && modules.get(row, col + 1)) col++;
        parts.push(`M${start} ${row}h${col - start + 1}v1h-${col - start + 1}z`);
      }
    }
    return { size: modules.size, d: parts.join('') };
  }, [uri]);
  const quiet = 2;
  return (
    <svg
      role="img"
      aria-label={t.qrLabel}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      shapeRendering="crispEdges"
      data-testid="totp-qr"
      className="size-48 shrink-0 rounded border border-slate-200"
    >
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
