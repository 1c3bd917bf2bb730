import { FileText, LayoutDashboard, Settings, ShieldCheck, Signature, type LucideIcon } from 'lucide-react';

export interface AccountLink {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Also current for every path below it. */
  matchPrefix?: string;
}

export const accountText = {
  menuLabel: (name: string) => `Account menu for ${name}`,
  navLabel: 'Your account',
  signedInAs: 'Signed in as',
  signOut: 'Sign out',
} as const;

/** A signed-in user's own area, from every page. */
export const accountLinks: AccountLink[] = [
  { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/documents', label: 'Documents', icon: FileText, matchPrefix: '/documents/' },
  { href: '/my-signatures', label: 'My Signatures', icon: Signature },
  { href: '/settings', label: 'Settings', icon: Settings },
];

export const adminLink: AccountLink = {
  href: '/admin/dashboard',
  label: 'Admin',
  icon: ShieldCheck,
  matchPrefix: '/admin/',
};

export const isCurrent = (link: AccountLink, location: string) =>
  location === link.href || (link.matchPrefix !== undefined && location.startsWith(link.matchPrefix));
