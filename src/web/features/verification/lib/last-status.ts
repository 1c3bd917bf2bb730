import type { LookupOutcome } from '#web/features/verification/lib/lookup-types.ts';

/** What the server last said of a reference on this device, and when. */
export interface LastStatus {
  state: 'valid' | 'revoked' | 'expired' | 'missing';
  /** Milliseconds: when the answer came. */
  at: number;
}

const STORE = 'inkproof.last-status.v1';
/** A phone verifies a few codes a day: the oldest answers go first beyond this. */
const MAX_ENTRIES = 200;

function read(): Record<string, LastStatus> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORE) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, LastStatus>) : {};
  } catch {
    return {};
  }
}

const keyOf = (reference: string) => reference.trim().toUpperCase();

/** Keeps the server's answer for a reference; answers that are not a status (network, captcha) are not kept. */
export function rememberStatus(reference: string, state: LastStatus['state'] | null, at = Date.now()) {
  if (!state) return;
  try {
    const all = { ...read(), [keyOf(reference)]: { state, at } };
    const kept = Object.entries(all)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_ENTRIES);
    localStorage.setItem(STORE, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // storage full or disabled: offline, the page says it never saw a status
  }
}

export function lastStatus(reference: string): LastStatus | null {
  const found = read()[keyOf(reference)];
  return found && typeof found.at === 'number' && typeof found.state === 'string' ? found : null;
}

/** The status a look-up's outcome states, or null when it states none (no network, a CAPTCHA, a bad answer). */
export function stateOfOutcome(outcome: LookupOutcome, notFoundMessage: string): LastStatus['state'] | null {
  if (outcome.kind === 'found') return 'valid';
  if (outcome.kind === 'revoked') return 'revoked';
  if (outcome.kind === 'expired') return 'expired';
  if (outcome.kind === 'error' && outcome.message === notFoundMessage) return 'missing';
  return null;
}
