import zlib from 'node:zlib';
import {
  ops,
  PdfArray,
  PdfDict,
  PdfName,
  PdfRef,
  PdfStream,
  PdfString,
  type EmbeddedFont,
  type PDF,
  type PDFPage,
  type PdfObject,
} from '@libpdf/core';
import { embedFace, revisionFonts, type DocumentFonts, type FaceId } from './fonts.ts';
import { winAnsiBytes, type Line, type Operator, type Standard } from './text.ts';

const isStandard = (face: string): face is Standard =>
  face === 'Helvetica' || face === 'Helvetica-Bold' || face === 'Courier';

/**
 * Writes lines into one document: embeds each Unicode face there the first time a line uses it,
 * and only the glyphs drawn end up in the file (subset by `finalize`). One per revision: its fonts
 * are written once, in the revision that follows its `finalize`.
 */
export class PdfText {
  private readonly embedded = new Map<FaceId, EmbeddedFont>();
  private fonts?: DocumentFonts;
  constructor(private readonly pdf: PDF) {}

  /** Operators showing the line from the current text position: font and string per run. */
  show(page: PDFPage, line: Line, size: number): Operator[] {
    const out: Operator[] = [];
    for (const run of line.runs) {
      if (isStandard(run.face)) {
        out.push(ops.setFont(`/${page.registerFont(run.face)}`, size));
        out.push(ops.showText(PdfString.fromBytes(winAnsiBytes(run.text))));
      } else {
        const font = this.font(run.face);
        out.push(ops.setFont(`/${page.registerFont(font)}`, size));
        const gids = font.encodeTextToGids(run.text);
        const bytes = new Uint8Array(gids.length * 2);
        gids.forEach((gid, i) => {
          bytes[2 * i] = gid >> 8;
          bytes[2 * i + 1] = gid & 0xff;
        });
        out.push(ops.showText(PdfString.fromBytes(bytes)));
      }
    }
    return out;
  }

  /**
   * Subsets the embedded faces to the glyphs drawn; call before a revision is written. The font
   * programs and maps are compressed here by node's zlib, once, not on each write.
   */
  finalize() {
    if (!this.fonts) return;
    this.fonts.finalize(true);
    const seen = new Set<string>();
    const walk = (obj: PdfObject | undefined) => {
      if (obj instanceof PdfRef) {
        const key = `${obj.objectNumber} ${obj.generation}`;
        if (seen.has(key)) return;
        seen.add(key);
        obj = this.pdf.getObject(obj) ?? undefined;
      }
      if (obj instanceof PdfStream && !obj.has('Filter')) {
        obj.setData(zlib.deflateSync(obj.data));
        obj.set('Filter', PdfName.of('FlateDecode'));
      }
      if (obj instanceof PdfDict) for (const [, value] of obj) walk(value);
      if (obj instanceof PdfArray) for (const value of obj) walk(value);
    };
    for (const font of this.embedded.values()) walk(font.ref);
  }

  private font(id: FaceId): EmbeddedFont {
    let font = this.embedded.get(id);
    if (!font) {
      this.fonts ??= revisionFonts(this.pdf);
      font = embedFace(this.fonts, id);
      this.embedded.set(id, font);
    }
    return font;
  }
}
