import { useEffect, useRef, useState } from 'react';
import { loadQrReader, qrFromCanvas } from '#web/features/verification/lib/decode-qr.ts';
import { nativeQrDetector, nativeQrTexts } from '#web/features/verification/lib/native-qr.ts';

export type CameraStatus = 'starting' | 'scanning' | 'denied' | 'missing' | 'failed';

const FRAME_MS = 180;
const MAX_SIDE = 800;

function statusOfError(error: unknown): CameraStatus {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

type FrameReader = (video: HTMLVideoElement) => Promise<string[]>;

/** The browser's own reader where it has one, else jsQR on a reduced copy of the frame. */
async function frameReader(): Promise<FrameReader> {
  const native = await nativeQrDetector();
  if (native) return (video) => nativeQrTexts(native, video);
  const jsQR = await loadQrReader();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context) return [];
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const text = qrFromCanvas(jsQR, canvas, context);
    return text ? [text] : [];
  };
}

/**
 * Runs the camera while the component using it is mounted and reads QR codes from its frames.
 * `onText` answers whether the text was accepted; scanning stops at the first accepted one, and the
 * camera is released when scanning stops or the component goes away.
 */
export function useCameraScan(onText: (text: string) => boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<CameraStatus>('starting');
  const onTextRef = useRef(onText);

  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const release = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const scan = async (read: FrameReader) => {
      const video = videoRef.current;
      if (stopped || !video) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const texts = await read(video);
        if (stopped) return;
        if (texts.some((text) => onTextRef.current(text))) return release();
      }
      timer = setTimeout(() => void scan(read), FRAME_MS);
    };
    const video = { facingMode: { ideal: 'environment' } };
    Promise.all([navigator.mediaDevices.getUserMedia({ video, audio: false }), frameReader()])
      .then(async ([media, read]) => {
        stream = media;
        const element = videoRef.current;
        if (stopped || !element) return release();
        element.srcObject = media;
        await element.play();
        setStatus('scanning');
        void scan(read);
      })
      .catch((error: unknown) => {
        if (!stopped) setStatus(statusOfError(error));
        release();
      });
    return release;
  }, []);

  return { videoRef, status };
}
