import { Ban, CircleAlert, Clock } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { UnverifiedDetails } from '#web/features/verification/components/unverified-details.tsx';
import { formatLongDate } from '#web/features/verification/lib/format-date.ts';
import type { ClaimedDetails, LookupOutcome } from '#web/features/verification/lib/lookup-types.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

type Failure = Extract<LookupOutcome, { kind: 'error' | 'revoked' | 'expired' }>;

interface FailureCardProps {
  outcome: Failure;
  claimed?: ClaimedDetails;
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}

function describe(outcome: Failure) {
  switch (outcome.kind) {
    case 'revoked':
      return {
        Icon: Ban,
        title: t.revokedTitle,
        when: outcome.revokedAt ? `${m.revokedOn} ${formatLongDate(outcome.revokedAt)}` : null,
      };
    case 'expired':
      return {
        Icon: Clock,
        title: t.expiredTitle,
        when: outcome.expiresAt ? `${m.expiredOn} ${formatLongDate(outcome.expiresAt)}` : null,
      };
    default:
      return { Icon: CircleAlert, title: t.failedTitle, when: null };
  }
}

/** A look-up that did not verify: why, when (revoked or expired), and any link data as unverified. */
export function FailureCard({ outcome, claimed, headingRef, children }: FailureCardProps) {
  const { Icon, title, when } = describe(outcome);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="overflow-hidden border-red-300">
      <div className="flex items-start gap-3 border-b border-red-200 bg-red-50 px-6 py-4">
        <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-red-700" />
        <div role="alert" className="min-w-0">
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-red-950 outline-none"
          >
            {title}
          </h2>
          <p className="text-red-900">{outcome.message}</p>
          {when ? <p className="mt-1 text-sm font-semibold text-red-900">{when}</p> : null}
        </div>
      </div>
      <CardContent className="space-y-5">
        {claimed ? <UnverifiedDetails claimed={claimed} /> : null}
        {children}
      </CardContent>
    </Card>
  );
}
