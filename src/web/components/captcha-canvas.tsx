import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '#shared/constants.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';

import type { CaptchaChallenge } from '#shared/captcha/answers.ts';

export type { CaptchaChallenge };

interface CaptchaCanvasProps {
  challenge: CaptchaChallenge | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
  labels: { image: string; refresh: string; loadFailed: string };
}

/**
 * Draws the server's challenge on a 200x60 canvas (the spec's look) with a Refresh button; the
 * answer is only ever checked by the server. Used by the auth forms and the verification page.
 */
export function CaptchaCanvas({ challenge, loading, failed, onRefresh, labels }: CaptchaCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawFailed, setDrawFailed] = useState<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !challenge) return;
    let cancelled = false;
    const image = new Image();
    image.onload = () => {
      if (cancelled) return;
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
    };
    image.onerror = () => {
      if (!cancelled) setDrawFailed(challenge.image);
    };
    image.src = challenge.image;
    return () => {
      cancelled = true;
    };
  }, [challenge]);

  const showError = failed || (challenge !== undefined && drawFailed === challenge.image);
  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-2">
        <div className="relative overflow-hidden rounded-lg border border-slate-300 bg-white">
          <canvas
            ref={canvasRef}
            width={CAPTCHA_WIDTH}
            height={CAPTCHA_HEIGHT}
            role="img"
            aria-label={labels.image}
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
          aria-label={labels.refresh}
          className="grid size-10 place-items-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60"
        >
          <RefreshCw aria-hidden="true" className={cn('size-4', loading && 'animate-spin')} />
        </button>
      </div>
      {showError ? (
        <p role="alert" className="text-sm text-red-700">
          {labels.loadFailed}
        </p>
      ) : null}
    </div>
  );
}
