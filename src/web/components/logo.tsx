/** The Inkproof mark: a signature stroke over a baseline. Decorative; callers supply the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="14" fill="#312e81" />
      <path
        d="M13 41c5-1 8-9 11-17 2-6 6-8 7-4 1 5-4 17-8 21-2 2-3 0-1-4 3-7 9-12 12-11 3 1-1 8 2 8 2 0 4-3 6-3 2 0 1 3 3 3 2 0 4-2 6-3"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M14 50h36" stroke="#a5b4fc" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
