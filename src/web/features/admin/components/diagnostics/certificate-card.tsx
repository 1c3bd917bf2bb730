import { Alert } from '#web/components/ui/alert.tsx';
import { DetailList } from '#web/features/admin/components/detail-list.tsx';
import { humanize } from '#web/features/admin/components/extra-counts.ts';
import { formatDateTime } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.diagnostics;
const EXPIRY_KEYS = ['notAfter', 'expiresAt', 'validTo', 'expires'];
const isIsoDate = (v: string) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));

/**
 * The PDF signing certificate as the documents feature reports it. Its exact fields are that
 * feature's: show every plain field, dates as dates, and warn when the expiry is near.
 */
export function CertificateCard({ certificate, now }: { certificate: unknown; now: number }) {
  if (!certificate || typeof certificate !== 'object') return null;
  const entries = Object.entries(certificate as Record<string, unknown>).filter(
    ([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
  );
  const expiry = EXPIRY_KEYS.map((k) => (certificate as Record<string, unknown>)[k]).find(
    (v): v is string => typeof v === 'string' && isIsoDate(v),
  );
  const days = expiry ? Math.floor((Date.parse(expiry) - now) / 86_400_000) : null;
  return (
    <section
      aria-labelledby="certificate-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="certificate-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {t.certificate}
      </h2>
      {'error' in certificate ? (
        <Alert tone="error">{t.certificateError}</Alert>
      ) : (
        <div className="space-y-3">
          <DetailList
            items={entries.map(([k, v]) => [
              humanize(k),
              typeof v === 'string' && isIsoDate(v) ? formatDateTime(v) : String(v),
            ])}
          />
          {days !== null ? (
            <Alert tone={days < 30 ? 'error' : 'success'}>{t.certificateExpires(days)}</Alert>
          ) : null}
        </div>
      )}
    </section>
  );
}
