import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { testEmailSchema } from '#shared/admin/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSendTestEmail } from '#web/features/admin/api/send-test-email.ts';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.email;

export function TestEmailForm({ defaultTo }: { defaultTo: string }) {
  const form = useForm<z.infer<typeof testEmailSchema>>({
    resolver: zodResolver(testEmailSchema),
    defaultValues: { to: defaultTo },
  });
  const send = useSendTestEmail();
  const onSubmit = form.handleSubmit(({ to }) => send.mutate(to));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <div className="flex flex-wrap items-start gap-2">
        <FormField label={t.testTo} error={form.formState.errors.to?.message} className="w-full sm:w-80">
          <Input type="email" autoComplete="email" {...form.register('to')} />
        </FormField>
        <Button type="submit" variant="secondary" disabled={send.isPending} className="sm:mt-6.5">
          {send.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
          {t.testSend}
        </Button>
      </div>
      {send.isSuccess ? (
        <Alert tone="success" role="status">
          {send.data.message}
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert tone="error" role="alert">
          {errorText(send.error)}
        </Alert>
      ) : null}
    </form>
  );
}
