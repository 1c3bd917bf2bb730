import { useQuery } from '@tanstack/react-query';
import type { SigningCertificateInfo } from '#shared/admin/signing-certificate.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';

export const getSigningCertificate = (signal?: AbortSignal) =>
  api.get<SigningCertificateInfo>('/api/admin/signing-certificate', { signal });

export const useSigningCertificate = () =>
  useQuery({
    queryKey: adminKeys.signingCertificate,
    queryFn: ({ signal }) => getSigningCertificate(signal),
    ...fresh,
  });
