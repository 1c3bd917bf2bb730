import { Clock } from 'lucide-react';
import { Link } from 'wouter';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { creatorText as t } from '../messages.ts';

const link = 'font-semibold text-amber-950 underline underline-offset-2 hover:no-underline';

export function AnonymousBanner() {
  return (
    <div className="mt-6 flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        {m.expiryBanner}{' '}
        <Link href="/auth?tab=login" className={link}>
          {t.bannerLogIn}
        </Link>{' '}
        {t.bannerOr}{' '}
        <Link href="/auth?tab=register" className={link}>
          {t.bannerRegister}
        </Link>{' '}
        {t.bannerKeep}
      </p>
    </div>
  );
}
