import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { supportMessageSchema } from '#shared/admin/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useUser } from '#web/lib/session/get-user.ts';
import { useKeptForm } from '#web/lib/session/kept-work.ts';
import { useSendSupportMessage } from '../api/send-support-message.ts';
import { supportText as t } from '../support-messages.ts';

type Values = z.input<typeof supportMessageSchema>;
type Status = { tone: 'success' | 'error'; text: string } | null;

/** The contact form: checked with the server's own schema, then stored for the admins. */
export function SupportForm() {
  const { data: user } = useUser();
  const form = useForm<Values, unknown, z.output<typeof supportMessageSchema>>({
    resolver: zodResolver(supportMessageSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  useKeptForm('support', form);

  // A signed-in visitor need not type what we know; whatever they typed already stays.
  useEffect(() => {
    if (!user) return;
    if (!form.getValues('name') && user.name) form.setValue('name', user.name);
    if (!form.getValues('email')) form.setValue('email', user.email);
  }, [form, user]);
  const { errors } = form.formState;
  const send = useSendSupportMessage();
  const [status, setStatus] = useState<Status>(null);

  const onSubmit = form.handleSubmit((values) => {
    setStatus(null);
    send.mutate(values, {
      onSuccess: (answer) => {
        setStatus({ tone: 'success', text: answer.message });
        form.reset({ name: values.name, email: values.email, subject: '', message: '' });
      },
      onError: (error) => setStatus({ tone: 'error', text: error.message }),
    });
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold text-slate-900">{t.formTitle}</h2>
        <p className="text-sm text-slate-700">{t.formLead}</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {status ? (
            <Alert
              tone={status.tone}
              role={status.tone === 'error' ? 'alert' : 'status'}
              title={status.tone === 'success' ? t.sentTitle : t.failedTitle}
            >
              {status.text}
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t.name} error={errors.name?.message}>
              <Input autoComplete="name" {...form.register('name')} />
            </FormField>
            <FormField label={t.email} error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
          </div>
          <FormField label={t.subject} error={errors.subject?.message}>
            <Input {...form.register('subject')} />
          </FormField>
          <FormField label={t.message} error={errors.message?.message}>
            <Textarea rows={6} {...form.register('message')} />
          </FormField>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
            {send.isPending ? t.sending : t.send}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
