const MB = 1024 * 1024;

/** "0.4 MB", "12.5 MB", "500 MB": how stored sizes and quotas read, on the server and in the browser. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  if (mb === 0) return '0 MB';
  if (mb < 0.1) return '0.1 MB';
  return `${mb < 100 ? Number(mb.toFixed(1)) : Math.round(mb)} MB`;
}

export const usageText = (usedBytes: number, quotaBytes: number) =>
  `${formatMegabytes(usedBytes)} of ${formatMegabytes(quotaBytes)} used`;
