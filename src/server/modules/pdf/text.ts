import { measureText } from '@libpdf/core';

const TYPOGRAPHIC: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2026': '...',
  '\u2022': '-',
};

/**
 * The standard 14 fonts only cover Latin-1; strip accents where a plain letter exists and show
 * anything else as '?', so no text ever renders as garbage or throws.
 */
export function latin1(text: string): string {
  return text.normalize('NFKC').replace(/[^\x20-\x7e\xa0-\xff]/g, (ch) => {
    if (TYPOGRAPHIC[ch]) return TYPOGRAPHIC[ch];
    if (ch === '\n' || ch === '\t') return ' ';
    const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    return /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
  });
}

/** Cuts text to fit `maxWidth` points, ending with an ellipsis when cut. */
export function fit(
  text: string,
  font: 'Helvetica' | 'Helvetica-Bold' | 'Courier',
  size: number,
  maxWidth: number,
) {
  if (measureText(text, font, size) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measureText(`${text.slice(0, mid)}...`, font, size) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}...`;
}
