import { LayoutTemplate, LifeBuoy, Users, type LucideIcon } from 'lucide-react';
import { dashboardText as t } from '../messages.ts';

export interface DashboardLink {
  href: string;
  label: string;
  text: string;
  icon: LucideIcon;
}

/**
 * The document app's other screens. The site header's account menu is the one
 * navigation of the signed-in area; these are reached from the dashboard itself.
 */
export const moreLinks: DashboardLink[] = [
  { href: '/templates', label: t.navTemplates, text: t.templatesText, icon: LayoutTemplate },
  { href: '/team', label: t.navTeam, text: t.teamText, icon: Users },
  { href: '/support', label: t.navSupport, text: t.supportText, icon: LifeBuoy },
];
