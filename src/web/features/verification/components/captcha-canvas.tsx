import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '#shared/constants.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import type { CaptchaChallenge } from '#web/features/verification/api/get-lookup-captcha.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

interface CaptchaCanvasProps {
  challenge: CaptchaChallenge | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/** Draws the server's challenge on a 200x60 canvas; only the server knows and checks the answer. */
export function CaptchaCanvas({ challenge, loading, failed, onRefresh }: CaptchaCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [brokenImage, setBrokenImage] = useState<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !challenge) return;
    let cancelled = false;
    const image = new Image();
    image.onload = () => {
      if (cancelled) return;
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
    };
    image.onerror = () => {
      if (!cancelled) setBrokenImage(challenge.image);
    };
    image.src = challenge.image;
    return () => {
      cancelled = true;
    };
  }, [challenge]);

  const showError = failed || (challenge !== undefined && brokenImage === challenge.image);
  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-2">
        <div className="relative overflow-hidden rounded-lg border border-slate-300 bg-white">
          <canvas
            ref={canvasRef}
            width={CAPTCHA_WIDTH}
            height={CAPTCHA_HEIGHT}
            role="img"
            aria-label={t.captchaImage}
            className={cn('block h-[60px] w-[200px]', loading && 'opacity-40')}
          />
          {loading ? (
            <div className="absolute inset-0 grid place-items-center">
              <Spinner className="text-ink-700" />
            </div>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onRefresh}
          disabled={loading}
          aria-label={t.captchaRefresh}
          className="grid size-10 place-items-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60"
        >
          <RefreshCw aria-hidden="true" className={cn('size-4', loading && 'animate-spin')} />
        </button>
      </div>
      {showError ? (
        <p role="alert" className="text-sm text-red-700">
          {t.captchaLoadFailed}
        </p>
      ) : null}
    </div>
  );
}
