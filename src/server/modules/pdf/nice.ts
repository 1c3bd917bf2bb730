import fs from 'node:fs';
import os from 'node:os';

/** The lowest priority: a worker runs on what the event loop (and the rest of the process) leaves. */
export const WORKER_NICE = 19;

/**
 * Linux can nice a single thread: PDF work then yields a busy core to the event loop at once, so
 * look-ups stay fast while documents are signed. Elsewhere, or if refused, nothing changes.
 */
export function niceThisThread() {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, WORKER_NICE);
  } catch {
    // not Linux, or not permitted: run at normal priority
  }
}
