import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDF, type EmbeddedFont } from '@libpdf/core';

export type Weight = 'regular' | 'bold';

/**
 * Unicode faces tried in this order for each character (docs/decisions/013-pdf-fonts.md). Noto
 * Sans covers Latin with its extensions and Vietnamese, Greek and Cyrillic; the other two are
 * only read when a text holds Hebrew or Arabic letters.
 */
const FAMILIES = [
  { pkg: '@embedpdf/fonts-latin', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  { pkg: '@embedpdf/fonts-hebrew', regular: 'NotoSansHebrew-Regular.ttf', bold: 'NotoSansHebrew-Bold.ttf' },
  { pkg: '@embedpdf/fonts-arabic', regular: 'NotoNaskhArabic-Regular.ttf', bold: 'NotoNaskhArabic-Bold.ttf' },
] as const;

export const FAMILY_COUNT = FAMILIES.length;
/** Index into the families, with its weight: `0:regular`, `2:bold`, … */
export type FaceId = `${number}:${Weight}`;
export const faceId = (family: number, weight: Weight): FaceId => `${family}:${weight}`;

const require = createRequire(import.meta.url);

function fontFile(id: FaceId): string {
  const [family, weight] = id.split(':') as [string, Weight];
  const f = FAMILIES[Number(family)]!;
  // The packages export only their metadata module; the files sit in `fonts/` beside `dist/`.
  return path.join(path.dirname(require.resolve(f.pkg)), '..', 'fonts', f[weight]);
}

/** Per worker: each file is read once, on the first text that needs it. */
const bytesCache = new Map<FaceId, Uint8Array>();
export function faceBytes(id: FaceId): Uint8Array {
  let bytes = bytesCache.get(id);
  if (!bytes) {
    bytes = new Uint8Array(fs.readFileSync(fontFile(id)));
    bytesCache.set(id, bytes);
  }
  return bytes;
}

/**
 * A parsed copy of each face, outside any document, for coverage and widths: asking a face
 * embedded in the signed file would add it (and every glyph looked up) to that file.
 */
let scratch: PDF | undefined;
const probes = new Map<FaceId, EmbeddedFont>();
export function probe(id: FaceId): EmbeddedFont {
  let font = probes.get(id);
  if (!font) {
    scratch ??= PDF.create();
    font = scratch.embedFont(faceBytes(id));
    probes.set(id, font);
  }
  return font;
}

/** A document's font manager: embeds faces and writes them, subset, once (`finalize`). */
export type DocumentFonts = PDF['fonts'];

/**
 * A font manager of its own for one revision of `pdf`. @libpdf/core 0.4.2 writes a manager's fonts
 * once, so each revision that draws text needs a fresh one; the library's manager class is not
 * exported by name, but its constructor (taking the document's context) is public. Every embedded
 * font carries its object reference, so pages find it whichever manager embedded it.
 */
export function revisionFonts(pdf: PDF): DocumentFonts {
  const Fonts = pdf.fonts.constructor as new (context: PDF['context']) => DocumentFonts;
  pdf.context.setFontRefResolver((font) => font.ref);
  return new Fonts(pdf.context);
}

/** Embeds a face in a document (the library subsets it to the glyphs used when the file is saved). */
export function embedFace(fonts: DocumentFonts, id: FaceId): EmbeddedFont {
  return fonts.embed(faceBytes(id));
}

const coverage = new Map<FaceId, Map<number, boolean>>();
/** Whether the face has a glyph for this code point (memoised: the cmap walk is not free). */
export function covers(id: FaceId, codePoint: number): boolean {
  let known = coverage.get(id);
  if (!known) coverage.set(id, (known = new Map()));
  let has = known.get(codePoint);
  if (has === undefined) {
    has = probe(id).program.hasGlyph(codePoint);
    if (known.size < 20_000) known.set(codePoint, has);
  }
  return has;
}

/** Width in points at size 1. */
export function faceWidth(id: FaceId, text: string): number {
  return probe(id).getTextWidth(text, 1);
}
