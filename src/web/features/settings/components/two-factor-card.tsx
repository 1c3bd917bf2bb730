import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { TotpSetup as Setup } from '#shared/accounts/security.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import {
  useRefreshSecurity,
  useStartTotp,
  useTwoFactorStatus,
} from '#web/features/settings/api/two-factor.ts';
import { ErrorNote } from '#web/features/settings/components/error-note.tsx';
import { NewRecoveryCodes } from '#web/features/settings/components/new-recovery-codes.tsx';
import { RecoveryCodes } from '#web/features/settings/components/recovery-codes.tsx';
import { TotpDisableForm } from '#web/features/settings/components/totp-disable-form.tsx';
import { TotpSetup } from '#web/features/settings/components/totp-setup.tsx';
import { securityText as t } from '#web/features/settings/security-text.ts';

type Stage = { kind: 'idle' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[] };

/** Settings > Security: the authenticator app, its recovery codes, and turning it off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTotp();
  const refresh = useRefreshSecurity();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const on = status.data?.totp ?? false;

  const body = () => {
    if (stage.kind === 'setup')
      return (
        <TotpSetup
          setup={stage.setup}
          onCancel={() => setStage({ kind: 'idle' })}
          onConfirmed={(codes) => {
            setNotice(t.turnedOn);
            setStage({ kind: 'codes', codes });
            void refresh();
          }}
        />
      );
    if (stage.kind === 'codes')
      return <RecoveryCodes codes={stage.codes} onDone={() => setStage({ kind: 'idle' })} />;
    if (!status.data)
      return status.isError ? <Alert tone="error">{t.loadFailed}</Alert> : <Spinner className="size-5" />;
    if (!on)
      return (
        <div className="space-y-3">
          <ErrorNote error={start.error} />
          <Button
            disabled={start.isPending}
            onClick={() =>
              start.mutate(undefined, { onSuccess: (setup) => setStage({ kind: 'setup', setup }) })
            }
          >
            {start.isPending ? <Spinner className="size-4" /> : null}
            {t.setUp}
          </Button>
        </div>
      );
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t.codesLeft(status.data.recoveryCodesLeft)}</p>
        <NewRecoveryCodes onCodes={(codes) => setStage({ kind: 'codes', codes })} />
        <TotpDisableForm
          onDone={() => {
            setNotice(t.turnedOff);
            void refresh();
          }}
        />
      </div>
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck aria-hidden="true" className="size-5 text-ink-700" />
          {t.twoFactorHeading}
        </h2>
        <p className="text-sm text-slate-700">{t.twoFactorIntro}</p>
        {status.data ? (
          <p className="text-sm font-medium text-slate-900" data-testid="totp-status">
            {on ? t.twoFactorOn : t.twoFactorOff}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {status.data?.setupRequired ? <Alert tone="info">{t.requiredBanner}</Alert> : null}
        {notice ? (
          <Alert tone="success" role="status">
            {notice}
          </Alert>
        ) : null}
        {body()}
      </CardContent>
    </Card>
  );
}
