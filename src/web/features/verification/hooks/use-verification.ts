import { useCallback, useRef, useState } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { isAbortError } from '#web/lib/api.ts';
import { useAction } from '#web/lib/light-request.ts';
import { toast } from '#web/lib/toast.ts';
import { lookupById } from '#web/features/verification/api/lookup-by-id.ts';
import { lookupReference } from '#web/features/verification/api/lookup-reference.ts';
import { rememberStatus, stateOfOutcome } from '#web/features/verification/lib/last-status.ts';
import { asPublicSignature, outcomeOfError } from '#web/features/verification/lib/lookup-outcome.ts';
import type { LookupOutcome, LookupRequest } from '#web/features/verification/lib/lookup-types.ts';

export interface VerificationState {
  status: 'idle' | 'loading' | 'done';
  request: LookupRequest | null;
  outcome: LookupOutcome | null;
  /** Set by a 429 with requireCaptcha, cleared by the next answer that is not one. */
  captchaRequired: boolean;
  /** Changes after each refused answer, so a fresh challenge is fetched. */
  captchaRound: number;
}

const narrowScreen = () => window.matchMedia('(max-width: 767px)').matches;

async function fetchOutcome(request: LookupRequest, captcha: string | undefined, signal: AbortSignal) {
  const { target } = request;
  try {
    const body =
      target.kind === 'ref'
        ? await lookupReference(target.ref, captcha, signal)
        : await lookupById(target.id, captcha, signal);
    const signature = asPublicSignature(body);
    return signature
      ? ({ kind: 'found', signature } as const)
      : ({ kind: 'error', message: m.lookupBadData } as const);
  } catch (error) {
    if (isAbortError(error)) return null;
    return outcomeOfError(error, target.kind);
  }
}

interface LookupCall {
  request: LookupRequest;
  captcha?: string;
  signal: AbortSignal;
}

/** The verification states: loading, found, error, captcha-required. */
export function useVerification() {
  const [captcha, setCaptcha] = useState({ required: false, round: 0 });
  // Aborts a look-up that a newer one replaces. Not on unmount: StrictMode's trial unmount would
  // cancel the look-up a link starts, and a late answer to an unmounted page is simply dropped.
  const controller = useRef<AbortController | null>(null);

  const lookup = useAction(
    async ({ request, captcha: answer, signal }: LookupCall) => {
      const outcome = await fetchOutcome(request, answer, signal);
      return signal.aborted ? null : outcome;
    },
    {
      onSuccess: (outcome, { request }) => {
        // null: a newer look-up (or 'Verify Another') replaced this one.
        if (!outcome) return;
        if (request.target.kind === 'ref')
          rememberStatus(request.target.ref, stateOfOutcome(outcome, m.notFound));
        // On a phone the toast would cover the result it announces; there the result card, which
        // takes the focus and says "Signature verified", is the announcement.
        if (outcome.kind === 'found' && !narrowScreen())
          toast({ title: m.foundTitle, description: m.foundText, variant: 'success' });
        setCaptcha((c) =>
          outcome.kind === 'captcha'
            ? { required: true, round: c.round + 1 }
            : { required: false, round: c.round },
        );
      },
    },
  );
  const { mutate, reset: resetLookup } = lookup;

  const run = useCallback(
    (request: LookupRequest, answer?: string) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      mutate({ request, captcha: answer, signal: current.signal });
    },
    [mutate],
  );

  /** 'Verify Another': forgets the result and the error; a CAPTCHA the server asked for stays. */
  const reset = useCallback(() => {
    controller.current?.abort();
    resetLookup();
  }, [resetLookup]);

  const outcome: LookupOutcome | null = lookup.data ?? null;
  const state: VerificationState = {
    status: lookup.isPending ? 'loading' : outcome ? 'done' : 'idle',
    request: lookup.variables?.request ?? null,
    outcome,
    captchaRequired: captcha.required,
    captchaRound: captcha.round,
  };
  return { ...state, run, reset };
}
