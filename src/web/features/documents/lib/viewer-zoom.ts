/**
 * PDF viewer zoom: starts at 1.2, or at the page's width where 1.2 would cut the page
 * (a phone); steps of 0.2 from 0.6 to 3.
 */
export const VIEWER_ZOOM = { start: 1.2, step: 0.2, min: 0.6, max: 3 } as const;

/** The next zoom level, rounded to the step so repeated clicks never drift (0.6 + 0.2 + …). */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * VIEWER_ZOOM.step) * 10) / 10;
  return Math.min(VIEWER_ZOOM.max, Math.max(VIEWER_ZOOM.min, next));
}

/** The zoom a page opens at: the start, or less when only that shows the page's whole width. */
export const openingZoom = (available: number, pageWidth: number): number =>
  Math.min(VIEWER_ZOOM.start, Math.floor((available / pageWidth) * 100) / 100);
