import { Camera } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { onEarlyClick } from '#web/lib/early-actions.ts';
import { cameraSupported } from '#web/features/verification/lib/camera-supported.ts';
import { cameraView } from '#web/features/verification/lib/lazy-parts.ts';
import type { LookupRequest } from '#web/features/verification/lib/lookup-types.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

// The camera and the QR reading code load when the camera is opened.
const CameraView = lazy(cameraView.load);

/** 'Scan with camera', only where the browser offers a camera; the camera runs while the view is open. */
export function CameraScanner({ onFound }: { onFound: (request: LookupRequest) => void }) {
  const [open, setOpen] = useState(false);
  // pressed in the server's markup, before this page's script ran: open it now (decision 036)
  useEffect(() => onEarlyClick('camera', () => setOpen(true)), []);
  const found = useCallback(
    (request: LookupRequest) => {
      setOpen(false);
      onFound(request);
    },
    [onFound],
  );
  if (!cameraSupported()) return null;
  if (open)
    return (
      <Suspense fallback={<LoadingState label={t.cameraStarting} showLabel />}>
        <CameraView onFound={found} onStop={() => setOpen(false)} />
      </Suspense>
    );
  return (
    <Button variant="secondary" data-early-click="camera" onClick={() => setOpen(true)}>
      <Camera aria-hidden="true" className="size-4" />
      {t.scanCamera}
    </Button>
  );
}
