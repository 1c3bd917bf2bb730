import {
  FileText,
  House,
  LayoutTemplate,
  LifeBuoy,
  LayoutDashboard,
  Settings,
  Signature,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { dashboardText as t } from '../messages.ts';

export interface DashboardLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** The sidebar of part 1 §2; /signatures leads to My Signatures. */
export const sidebarLinks: DashboardLink[] = [
  { href: '/', label: t.navHome, icon: House },
  { href: '/dashboard', label: t.navDashboard, icon: LayoutDashboard },
  { href: '/documents', label: t.navDocuments, icon: FileText },
  { href: '/templates', label: t.navTemplates, icon: LayoutTemplate },
  { href: '/signatures', label: t.navSignatures, icon: Signature },
  { href: '/team', label: t.navTeam, icon: Users },
  { href: '/settings', label: t.navSettings, icon: Settings },
  { href: '/support', label: t.navSupport, icon: LifeBuoy },
];

/** The top bar's links. */
export const topLinks = [
  { href: '/dashboard', label: t.navDashboard },
  { href: '/documents', label: t.navDocuments },
  { href: '/templates', label: t.navTemplates },
  { href: '/settings', label: t.navSettings },
];
