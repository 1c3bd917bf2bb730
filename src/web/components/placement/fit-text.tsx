import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '#web/lib/cn.ts';

interface FitTextProps {
  /** What to say, longest first: the first that fits at `min` px or more is shown. */
  texts: readonly string[];
  /** The largest font size, in CSS pixels. */
  max: number;
  /** Below this size a shorter text is preferred; the last text shrinks as far as it must. */
  min?: number;
  className?: string;
}

interface Fit {
  text: string;
  size: number;
}

/** Line height as the PDF writes a field's text: the text stays inside a box of that height. */
const LEADING = 1.2;
const PROBE_SIZE = 100;

/**
 * One line of text that fills the space its flex parent leaves it: as large as the height allows
 * (up to `max`), shrunk until it is as wide as the space, never cut. A box on a page gets smaller
 * with the screen; its text follows, as the printed text follows the box.
 */
export function FitText({ texts, max, min = 0, className }: FitTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const [fit, setFit] = useState<Fit>({ text: texts[0] ?? '', size: 0 });
  const key = JSON.stringify(texts);

  useLayoutEffect(() => {
    const box = ref.current;
    const ruler = probe.current;
    if (!box || !ruler) return;
    const measure = () => {
      const wanted = JSON.parse(key) as string[];
      const css = getComputedStyle(box);
      // a pixel to spare: glyphs snap to whole pixels, a little wider than measured at 100 px
      const width = box.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 1;
      const height = box.clientHeight - parseFloat(css.paddingTop) - parseFloat(css.paddingBottom);
      const byHeight = Math.min(max, height / LEADING);
      const enough = Math.min(min, byHeight);
      let best: Fit = { text: wanted[0] ?? '', size: 0 };
      for (const text of wanted) {
        // The probe is empty in React's eyes: its text is set here only, to measure each choice.
        ruler.textContent = text;
        const wide = ruler.getBoundingClientRect().width / PROBE_SIZE;
        const size = Math.floor(Math.min(byHeight, wide > 0 ? width / wide : byHeight) * 10) / 10;
        best = { text, size };
        if (size >= enough) break;
      }
      ruler.textContent = '';
      setFit((old) => (old.text === best.text && old.size === best.size ? old : best));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [key, max, min]);

  return (
    <span
      ref={ref}
      className={cn(
        'flex min-w-0 flex-1 items-center justify-center self-stretch overflow-hidden whitespace-nowrap',
        className,
      )}
      style={{ fontSize: fit.size, lineHeight: LEADING }}
    >
      {fit.size > 0 ? fit.text : null}
      <span
        ref={probe}
        aria-hidden="true"
        className="invisible absolute whitespace-nowrap"
        style={{ fontSize: PROBE_SIZE, lineHeight: LEADING }}
      />
    </span>
  );
}
