import {
  Activity,
  ChartColumn,
  Globe,
  LayoutDashboard,
  Mail,
  Newspaper,
  ShieldCheck,
  Signature,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export interface AdminNavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

export const adminNav: AdminNavItem[] = [
  { href: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/admin/users', label: 'Users', icon: Users },
  { href: '/admin/signatures', label: 'Signatures', icon: Signature },
  { href: '/admin/blog', label: 'Blog Management', icon: Newspaper },
  { href: '/admin/reports', label: 'Reports', icon: ChartColumn },
  { href: '/admin/activities', label: 'Activity Logs', icon: Activity },
  { href: '/admin/email-settings', label: 'Email & Server Settings', icon: Mail },
  { href: '/admin/security-settings', label: 'Security Settings', icon: ShieldCheck },
  { href: '/admin/debug-settings', label: 'System Diagnostics', icon: Wrench },
  { href: '/admin/ip-tracking', label: 'IP Tracking', icon: Globe },
];
