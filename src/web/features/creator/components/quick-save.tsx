import { Save } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { creatorText as t } from '../messages.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { useCreator } from './creator-context.tsx';

/** Anonymous save with consent; the server gives it a 3-month expiry. */
export function QuickSave() {
  const c = useCreator();
  const [consent, setConsent] = useState(false);
  return (
    <section
      aria-labelledby="quick-save-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="quick-save-title" className="font-semibold text-slate-900">
        {t.quickSaveTitle}
      </h3>
      <p className="text-sm text-slate-700">{t.quickSaveText}</p>
      <ConsentCheckbox checked={consent} onChange={setConsent} />
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() => c.save({ includeImage: true, consent })}
          disabled={c.saving || c.saved !== null}
        >
          <Save aria-hidden="true" className="size-4" />
          {c.saving ? m.saving : m.quickSave}
        </Button>
        <Link href="/auth?tab=register" className={buttonClasses('secondary')}>
          {m.registerAccount}
        </Link>
      </div>
    </section>
  );
}
