import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { useCaptcha } from '#web/features/auth/api/get-captcha.ts';
import { CaptchaCanvas } from '#web/components/captcha-canvas.tsx';
import { authText } from '#web/features/auth/messages.ts';

interface CaptchaFieldProps {
  captcha: ReturnType<typeof useCaptcha>;
  registration: UseFormRegisterReturn;
  error?: string;
  onRefresh: () => void;
}

/** The challenge image with its Refresh button, and the field for the typed code. */
export function CaptchaField({ captcha, registration, error, onRefresh }: CaptchaFieldProps) {
  return (
    <div className="space-y-2">
      <CaptchaCanvas
        challenge={captcha.data}
        loading={captcha.isFetching}
        failed={captcha.isError}
        onRefresh={onRefresh}
        labels={{
          image: authText.captchaImage,
          refresh: authText.captchaRefresh,
          loadFailed: authText.captchaLoadFailed,
        }}
      />
      <FormField label={authText.captchaLabel} hint={authText.captchaHint} error={error}>
        <Input
          {...registration}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          inputMode="text"
        />
      </FormField>
    </div>
  );
}
