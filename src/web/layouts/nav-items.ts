export interface NavItem {
  href: string;
  label: string;
  /** Active for this path and, when set, for every path below it. */
  matchPrefix?: boolean;
}

export const mainNav: NavItem[] = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/use-cases', label: 'Use Cases' },
  { href: '/blog', label: 'Blog', matchPrefix: true },
];

export function isActive(item: NavItem, location: string) {
  if (location === item.href) return true;
  return Boolean(item.matchPrefix) && location.startsWith(item.href);
}
