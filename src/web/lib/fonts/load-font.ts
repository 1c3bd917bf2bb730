import type { SignatureFont } from './catalogue.ts';
import { fontCss, fontFileUrl } from './font-imports.ts';

const cssLoads = new Map<string, Promise<unknown>>();
const dataUrls = new Map<string, Promise<string | null>>();

/** The CSS font-family value for canvas and preview text. */
export const fontStack = (font: SignatureFont) => `"${font.family}", cursive`;

/**
 * Loads one font's @font-face (its CSS chunk) and waits until the face itself is ready, so a
 * canvas draws with it instead of the fallback. Each font is fetched once.
 */
export async function loadFont(font: SignatureFont): Promise<void> {
  let css = cssLoads.get(font.slug);
  if (!css) {
    css = fontCss[font.slug]!();
    cssLoads.set(font.slug, css);
    css.catch(() => cssLoads.delete(font.slug));
  }
  await css;
  await document.fonts.load(`400 42px "${font.family}"`);
}

/** The font file as a data: URL, for embedding in an SVG; null when it cannot be fetched. */
export function fontDataUrl(font: SignatureFont): Promise<string | null> {
  let pending = dataUrls.get(font.slug);
  if (!pending) {
    pending = (async () => {
      try {
        const { default: url } = await fontFileUrl[font.slug]!();
        const res = await fetch(url);
        if (!res.ok) return null;
        return await blobToDataUrl(await res.blob(), 'font/woff2');
      } catch {
        return null;
      }
    })();
    dataUrls.set(font.slug, pending);
  }
  return pending;
}

function blobToDataUrl(blob: Blob, type: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^;,]*/, `data:${type}`));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}
