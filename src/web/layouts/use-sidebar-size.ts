import { useEffect, useState } from 'react';
import { SIDEBAR_SIZES, SIDEBAR_STORAGE_KEY, type SidebarSize } from '#shared/constants.ts';

const DEFAULT_SIZE: SidebarSize = 'medium';

const isSidebarSize = (value: unknown): value is SidebarSize =>
  typeof value === 'string' && (SIDEBAR_SIZES as readonly string[]).includes(value);

function readStoredSize(): SidebarSize {
  try {
    const stored = localStorage.getItem(SIDEBAR_STORAGE_KEY);
    return isSidebarSize(stored) ? stored : DEFAULT_SIZE;
  } catch {
    return DEFAULT_SIZE;
  }
}

export const nextSidebarSize = (size: SidebarSize): SidebarSize =>
  SIDEBAR_SIZES[(SIDEBAR_SIZES.indexOf(size) + 1) % SIDEBAR_SIZES.length] ?? DEFAULT_SIZE;

/** The admin sidebar width: read once from storage (invalid values ignored), saved on every change after that. */
export function useSidebarSize() {
  const [size, setSize] = useState<SidebarSize>(readStoredSize);
  useEffect(() => {
    try {
      localStorage.setItem(SIDEBAR_STORAGE_KEY, size);
    } catch {
      // storage may be unavailable; the width still works for this visit
    }
  }, [size]);
  return { size, cycle: () => setSize(nextSidebarSize) };
}
