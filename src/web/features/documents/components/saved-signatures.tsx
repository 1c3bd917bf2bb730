import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/cn.ts';
import { useSavedSignatures } from '../api/list-signatures.ts';
import { signingText as t } from '../signing-messages.ts';

/** Signatures that can go on a document: with an image, not revoked, not expired. */
export const usable = (s: OwnSignature, now = Date.now()) =>
  s.signatureData !== '' && !s.revokedAt && (!s.expiresAt || new Date(s.expiresAt).getTime() > now);

interface SavedSignaturesProps {
  page: number;
  selectedId: number | null;
  disabled?: boolean;
  onPick: (signature: OwnSignature) => void;
}

/** 'Your saved signatures', two per row, the default one marked; picking one places it. */
export function SavedSignatures({ page, selectedId, disabled, onPick }: SavedSignaturesProps) {
  const query = useSavedSignatures();
  const list = (query.data ?? []).filter((s) => usable(s));
  return (
    <section aria-labelledby="saved-signatures-title" className="space-y-3">
      <h3 id="saved-signatures-title" className="text-base font-semibold text-slate-900">
        {m.savedSignatures}
      </h3>
      {query.isPending ? (
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {query.error.message}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-700">{t.noSaved}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3">
          {list.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                disabled={disabled}
                aria-pressed={selectedId === s.id}
                aria-label={t.placeSaved(s.signerName, s.isDefault, page)}
                data-testid="saved-signature"
                onClick={() => onPick(s)}
                className={cn(
                  'relative grid h-20 w-full place-items-center rounded-lg border bg-white p-2 transition-colors hover:border-ink-600 hover:bg-ink-50',
                  'disabled:cursor-not-allowed disabled:opacity-60',
                  selectedId === s.id ? 'border-ink-700 ring-2 ring-ink-600' : 'border-slate-300',
                )}
              >
                <img src={s.signatureData} alt="" className="absolute inset-0 size-full object-contain p-2" />
                {s.isDefault ? (
                  <Badge tone="info" className="absolute top-1 right-1">
                    {m.defaultBadge}
                  </Badge>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
