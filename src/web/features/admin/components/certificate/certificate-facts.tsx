import type { ReactNode } from 'react';
import type { SigningCertificateInfo } from '#shared/admin/signing-certificate.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { DetailList } from '#web/features/admin/components/detail-list.tsx';
import { formatDateTime } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.certificate;

/** What signs PDFs now: who it names, who vouches for it, how long it lasts, where it came from. */
export function CertificateFacts({ info }: { info: SigningCertificateInfo }) {
  const origin = (
    <span className="flex flex-wrap items-center gap-2">
      <Badge tone={info.source === 'uploaded' ? 'info' : 'neutral'}>
        {info.source === 'uploaded' ? t.uploaded : t.generated}
      </Badge>
      {info.selfSigned ? <Badge tone="warning">{t.selfSigned}</Badge> : null}
      {info.uploadedAt ? (
        <span className="text-sm text-slate-700">{t.uploadedAt(formatDateTime(info.uploadedAt))}</span>
      ) : null}
    </span>
  );
  // The CAs readers get with each signature, nearest first; none for a self-signed certificate.
  const chain: Array<[string, ReactNode]> = info.chain.length
    ? [[t.chain, <span data-testid="certificate-chain">{info.chain.join(' → ')}</span>]]
    : [];
  return (
    <div className="space-y-4">
      <DetailList
        items={[
          [t.subject, <span data-testid="certificate-subject">{info.subject}</span>],
          [t.issuer, info.issuer],
          [t.validFrom, formatDateTime(info.notBefore)],
          [t.validUntil, formatDateTime(info.notAfter)],
          [t.origin, origin],
          [t.keyAlgorithm, <span data-testid="certificate-key">{info.keyAlgorithm}</span>],
          [t.serialNumber, <span className="font-mono text-xs">{info.serialNumber}</span>],
        ]}
      />
      <DetailList
        className="sm:grid-cols-1"
        items={[
          [t.fingerprint, <span className="font-mono text-xs break-all">{info.fingerprint}</span>],
          ...chain,
        ]}
      />
      <Alert tone={info.expiresInDays < 30 ? 'error' : 'success'}>
        {adminText.diagnostics.certificateExpires(info.expiresInDays)}
      </Alert>
      {info.selfSigned ? <p className="text-sm text-slate-700">{t.selfSignedHint}</p> : null}
    </div>
  );
}
