/** What the header's actions share with their signed-in chunk (kept apart so neither imports the other). */
export interface HeaderActionsProps {
  stacked?: boolean;
  onNavigate?: () => void;
}

export const headerActionsLayout = (stacked: boolean) =>
  stacked ? 'flex flex-col gap-2' : 'flex items-center gap-2';
