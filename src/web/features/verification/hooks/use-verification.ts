import { useCallback, useRef, useState } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { isAbortError } from '#web/lib/api.ts';
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

const initial: VerificationState = {
  status: 'idle',
  request: null,
  outcome: null,
  captchaRequired: false,
  captchaRound: 0,
};

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

/** The verification states: loading, found, error, captcha-required. */
export function useVerification() {
  const [state, setState] = useState<VerificationState>(initial);
  // Aborts a look-up that a newer one replaces. Not on unmount: StrictMode's trial unmount would
  // cancel the look-up a link starts, and a late answer to an unmounted page is simply dropped.
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(async (request: LookupRequest, captcha?: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((s) => ({ ...s, status: 'loading', request, outcome: null }));
    const outcome = await fetchOutcome(request, captcha, current.signal);
    if (!outcome || current.signal.aborted) return;
    if (request.target.kind === 'ref')
      rememberStatus(request.target.ref, stateOfOutcome(outcome, m.notFound));
    // On a phone the toast would cover the result it announces; there the result card, which
    // takes the focus and says "Signature verified", is the announcement.
    if (outcome.kind === 'found' && !narrowScreen())
      toast({ title: m.foundTitle, description: m.foundText, variant: 'success' });
    setState((s) => ({
      status: 'done',
      request,
      outcome,
      captchaRequired: outcome.kind === 'captcha',
      captchaRound: outcome.kind === 'captcha' ? s.captchaRound + 1 : s.captchaRound,
    }));
  }, []);

  /** 'Verify Another': forgets the result and the error; a CAPTCHA the server asked for stays. */
  const reset = useCallback(() => {
    controller.current?.abort();
    setState((s) => ({ ...initial, captchaRequired: s.captchaRequired, captchaRound: s.captchaRound }));
  }, []);

  return { ...state, run, reset };
}
