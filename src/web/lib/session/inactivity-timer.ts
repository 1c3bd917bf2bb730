import { INACTIVITY_CHECK_INTERVAL_MS } from '#shared/constants.ts';
import { keepalive } from '#web/lib/session/keepalive.ts';
import { sessionIdleMs } from '#web/lib/session/session-timeout.ts';

/** The warning shows this long before the automatic logout. */
export const WARNING_MS = 60_000;
const TICK_MS = 1000;
/** Activity in any tab of the site keeps every tab signed in: the last one is shared here. */
const SHARED_KEY = 'inkproof:last-activity';
const SHARE_EVERY_MS = 5000;

const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'scroll',
  'touchstart',
  'click',
  'keydown',
  'wheel',
];

export interface InactivityHandlers {
  /** The time of the automatic logout while the warning shows; null when it hides. */
  onWarning: (logoutAt: number | null) => void;
  /** 'idle': nobody did anything for the whole timeout. 'server': the server had ended the session. */
  onExpired: (reason: 'idle' | 'server') => void;
}

function readShared(): number {
  try {
    return Number(window.localStorage.getItem(SHARED_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeShared(time: number) {
  try {
    window.localStorage.setItem(SHARED_KEY, String(time));
  } catch {
    // Storage refused (private mode): each tab then counts on its own.
  }
}

/**
 * Counts the time without activity against the server's idle timeout: warns WARNING_MS before
 * the end, then ends the session. Activity sends a keepalive at most once a minute (the server
 * measures idleness from the last request); the first check sends one in any case, so the
 * server's clock never runs ahead of this one. While the warning shows, only "Stay signed in"
 * (stay()) counts: a brushed mouse does not silently dismiss it. Date.now() and setInterval
 * keep this drivable by a fake clock in browser tests.
 */
export function startInactivityTimer({ onWarning, onExpired }: InactivityHandlers) {
  let lastActivity = Date.now();
  let lastShared = 0;
  let activeSinceCheck = true;
  let warning = false;
  let stopped = false;

  const share = (now: number) => {
    if (now - lastShared < SHARE_EVERY_MS) return;
    lastShared = now;
    writeShared(now);
  };
  const onActivity = () => {
    if (warning) return;
    lastActivity = Date.now();
    activeSinceCheck = true;
    share(lastActivity);
  };
  const listenerOptions = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, listenerOptions);

  const stop = () => {
    stopped = true;
    window.clearInterval(ticker);
    window.clearInterval(checker);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, listenerOptions);
  };
  const expire = (reason: 'idle' | 'server') => {
    if (stopped) return;
    stop();
    onExpired(reason);
  };
  const setWarning = (next: boolean, logoutAt: number) => {
    if (next === warning) return;
    warning = next;
    onWarning(next ? logoutAt : null);
  };

  const tick = () => {
    const last = Math.max(lastActivity, readShared());
    const limit = sessionIdleMs();
    const idle = Date.now() - last;
    if (idle >= limit) return expire('idle');
    setWarning(idle >= limit - WARNING_MS, last + limit);
  };
  const check = async () => {
    if (!activeSinceCheck || warning) return;
    activeSinceCheck = false;
    const result = await keepalive().catch(() => ({ signedOut: false }));
    if (result.signedOut) expire('server');
  };
  const ticker = window.setInterval(tick, TICK_MS);
  const checker = window.setInterval(() => void check(), INACTIVITY_CHECK_INTERVAL_MS);

  return {
    stop,
    /** "Stay signed in": tells the server, and starts counting again. */
    async stay() {
      const result = await keepalive().catch(() => ({ signedOut: false }));
      if (result.signedOut) return expire('server');
      lastActivity = Date.now();
      activeSinceCheck = false;
      lastShared = 0;
      share(lastActivity);
      setWarning(false, 0);
    },
  };
}
