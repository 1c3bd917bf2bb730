/** A QR symbol's modules: size x size, dark where get() is truthy. */
export interface QrMatrix {
  size: number;
  get(row: number, col: number): number | boolean;
}

/**
 * One SVG path for all dark modules, in module units (1 module = 1 unit): each row's runs of dark
 * modules become rectangles. Scale it with a transform; crisp edges keep it scannable.
 */
export function qrPath(m: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < m.size; row++) {
    let col = 0;
    while (col < m.size) {
      if (!m.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < m.size && m.get(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h-${col - start}z`);
    }
  }
  return parts.join('');
}

/** Pixels per module for a target size: whole pixels only, so no module blurs across two. */
export const qrModulePixels = (size: number, target: number) => Math.max(2, Math.round(target / size));
