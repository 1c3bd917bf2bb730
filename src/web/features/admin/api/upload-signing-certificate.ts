import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

export interface UploadCertificateInput {
  file: File;
  password: string;
}

export const uploadSigningCertificate = ({ file, password }: UploadCertificateInput) => {
  const body = new FormData();
  body.append('password', password);
  body.append('file', file, file.name);
  return api.put<{ message: string; subject: string }>('/api/admin/signing-certificate', body);
};

export function useUploadSigningCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSigningCertificate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.signingCertificate }),
        queryClient.invalidateQueries({ queryKey: adminKeys.diagnostics }),
      ]),
  });
}
