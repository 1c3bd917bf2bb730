import { Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import {
  SIGNING_CERTIFICATE_MAX_BYTES,
  signingCertificateMessages as m,
} from '#shared/admin/signing-certificate.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useUploadSigningCertificate } from '#web/features/admin/api/upload-signing-certificate.ts';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.certificate;

const problemWith = (file: File | null) => {
  if (!file || file.size === 0) return m.fileRequired;
  if (file.size > SIGNING_CERTIFICATE_MAX_BYTES) return m.fileTooLarge;
  return null;
};

/** A PKCS#12 and its password; the server opens it and refuses it unless it can sign with it. */
export function CertificateUploadForm() {
  const upload = useUploadSigningCertificate();
  const formRef = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const problem = problemWith(file);
    setFileError(problem);
    if (problem || !file) {
      formRef.current?.querySelector<HTMLInputElement>('input[type=file]')?.focus();
      return;
    }
    upload.mutate(
      { file, password },
      {
        onSuccess: (res) => {
          toast({ title: t.replacedTitle, description: res.message, variant: 'success' });
          formRef.current?.reset();
          setFile(null);
          setPassword('');
        },
        onError: (error) => setFailure(errorText(error)),
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <FormField
        label={t.file}
        hint={t.fileHint(SIGNING_CERTIFICATE_MAX_BYTES / 1024)}
        error={fileError ?? undefined}
      >
        <Input
          type="file"
          name="file"
          accept=".p12,.pfx,application/x-pkcs12"
          className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setFileError(chosen ? problemWith(chosen) : null);
            setFailure(null);
          }}
        />
      </FormField>
      <FormField label={t.password} hint={t.passwordHint}>
        <PasswordInput
          name="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={upload.isPending}>
        {upload.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" className="size-4" />}
        {upload.isPending ? t.uploading : t.submit}
      </Button>
    </form>
  );
}
