/**
 * One colour per recipient, repeated after ten. Each reaches 4.5:1 on white (their labels are text
 * in that colour; the frames need 3:1), and every field also carries the recipient's number and
 * name, so colour is never the only cue.
 */
export const RECIPIENT_COLOURS = [
  '#1d4ed8',
  '#047857',
  '#7e22ce',
  '#c2410c',
  '#be185d',
  '#0f766e',
  '#92400e',
  '#4338ca',
  '#b91c1c',
  '#155e75',
] as const;

export const recipientColour = (index: number) => RECIPIENT_COLOURS[index % RECIPIENT_COLOURS.length]!;

/** The colour at about 12% over white: the background of that recipient's fields. */
export const recipientTint = (index: number) => `${recipientColour(index)}1f`;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
