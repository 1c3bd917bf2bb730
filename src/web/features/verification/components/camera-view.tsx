import { CameraOff } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCameraScan, type CameraStatus } from '#web/features/verification/hooks/use-camera-scan.ts';
import type { LookupRequest } from '#web/features/verification/lib/lookup-types.ts';
import { requestFromText } from '#web/features/verification/lib/request-from-text.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

const statusText: Record<CameraStatus, string> = {
  starting: t.cameraStarting,
  scanning: t.cameraScanning,
  denied: t.cameraDenied,
  missing: t.cameraMissing,
  failed: t.cameraFailed,
};

/** The open camera, reading QR codes from its frames: a chunk of its own, loaded when opened. */
export default function CameraView({
  onFound,
  onStop,
}: {
  onFound: (r: LookupRequest) => void;
  onStop: () => void;
}) {
  const [foreign, setForeign] = useState(false);
  const accept = useCallback(
    (text: string) => {
      const request = requestFromText(text);
      if (!request) {
        setForeign(true);
        return false;
      }
      onFound(request);
      return true;
    },
    [onFound],
  );
  const { videoRef, status } = useCameraScan(accept);
  const failed = status === 'denied' || status === 'missing' || status === 'failed';
  return (
    <div className="space-y-3">
      {failed ? null : (
        <div className="relative mx-auto aspect-[4/3] w-full max-w-md overflow-hidden rounded-xl bg-slate-900">
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label={t.cameraLabel}
            className="size-full object-cover"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-[15%] rounded-2xl border-4 border-white/80"
          />
        </div>
      )}
      <p
        role="status"
        className={
          failed ? 'text-sm font-medium text-red-700' : 'flex items-center gap-2 text-sm text-slate-700'
        }
      >
        {status === 'starting' ? <Spinner className="size-4" /> : null}
        {foreign && !failed ? t.notOurs : statusText[status]}
      </p>
      <Button variant="secondary" onClick={onStop}>
        <CameraOff aria-hidden="true" className="size-4" />
        {t.stopCamera}
      </Button>
    </div>
  );
}
