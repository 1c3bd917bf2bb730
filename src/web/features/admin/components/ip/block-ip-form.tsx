import { zodResolver } from '@hookform/resolvers/zod';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { blockIpSchema } from '#shared/admin/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useBlockIp } from '#web/features/admin/api/block-ip.ts';
import { applyServerIssues, errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { ApiError } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.ip;
type Values = z.infer<typeof blockIpSchema>;

interface BlockIpFormProps {
  defaultIp?: string;
  onBlocked?: () => void;
}

/**
 * Blocks an address or a CIDR range with a reason; the server refuses invalid input and the
 * admin's own address (400, shown under the field) and duplicates (409).
 */
export function BlockIpForm({ defaultIp = '', onBlocked }: BlockIpFormProps) {
  const form = useForm<Values>({
    resolver: zodResolver(blockIpSchema),
    defaultValues: { ip: defaultIp, reason: '' },
  });
  const { errors } = form.formState;
  const block = useBlockIp();
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    block.mutate(values, {
      onSuccess: (res) => {
        toast({ title: t.blockedToast(res.ip), variant: 'success' });
        form.reset({ ip: '', reason: '' });
        onBlocked?.();
      },
      onError: (error) => {
        if (applyServerIssues(error, form.setError, ['ip', 'reason'])) return;
        // the server's word on the address itself (not valid, your own, in use) goes under the field
        if (error instanceof ApiError && error.status === 400)
          form.setError('ip', { message: error.message });
        else setFailure(errorText(error));
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <FormField label={t.address} error={errors.ip?.message}>
        <Input autoComplete="off" spellCheck={false} readOnly={Boolean(defaultIp)} {...form.register('ip')} />
      </FormField>
      <FormField label={t.reason} hint={t.reasonHint} error={errors.reason?.message}>
        <Input autoComplete="off" {...form.register('reason')} />
      </FormField>
      <Button type="submit" variant="destructive" disabled={block.isPending}>
        {block.isPending ? <Spinner className="size-4" /> : <Ban aria-hidden="true" className="size-4" />}
        {t.blockSubmit}
      </Button>
    </form>
  );
}
