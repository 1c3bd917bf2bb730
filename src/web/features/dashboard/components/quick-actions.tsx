import { ClipboardList, FileUp, Signature, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { dashboardText as t } from '../messages.ts';

const actions: Array<{ href: string; label: string; text: string; icon: LucideIcon }> = [
  { href: '/documents', label: t.uploadNew, text: t.uploadNewText, icon: FileUp },
  { href: '/documents?status=pending', label: t.viewPending, text: t.viewPendingText, icon: ClipboardList },
  { href: '/my-signatures', label: t.manageSignatures, text: t.manageSignaturesText, icon: Signature },
];

/** Upload New Document, View Pending Documents, Manage Signatures. */
export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="text-lg font-semibold text-slate-900">
        {t.quickActions}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {actions.map(({ href, label, text, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-ink-300 hover:bg-ink-50"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-ink-700 text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{label}</span>
                <span className="block text-sm text-slate-700">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
