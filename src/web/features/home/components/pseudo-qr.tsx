const SIZE = 25;

function finder(x: number, y: number, col: number, row: number) {
  const dx = col - x;
  const dy = row - y;
  if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return null;
  const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
  return ring !== 2;
}

/** A fixed, QR-looking pattern for the sample card. It encodes nothing, so it is hidden from assistive tech. */
function buildPath(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const cells: string[] = [];
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const corner = finder(0, 0, col, row) ?? finder(SIZE - 7, 0, col, row) ?? finder(0, SIZE - 7, col, row);
      const nearFinder = (col < 8 && row < 8) || (col > SIZE - 9 && row < 8) || (col < 8 && row > SIZE - 9);
      const on = corner ?? (!nearFinder && random() > 0.52);
      if (on) cells.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return cells.join('');
}

const path = buildPath(4821);

export function PseudoQr({ className }: { className?: string }) {
  return (
    <svg
      viewBox={`-1 -1 ${SIZE + 2} ${SIZE + 2}`}
      aria-hidden="true"
      className={className}
      shapeRendering="crispEdges"
    >
      <rect x="-1" y="-1" width={SIZE + 2} height={SIZE + 2} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
