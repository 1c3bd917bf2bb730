import fs from 'node:fs';
import os from 'node:os';

/** The lowest priority: background work runs on what the event loop (and the rest of the process) leaves. */
export const WORKER_NICE = 19;

/**
 * Lowers the calling thread (a PDF worker) or process (an image child) to the lowest nice value,
 * so signing and image work yield a busy core to requests. Linux niceness is per thread, so a
 * worker thread lowers only itself. Elsewhere, or if refused, nothing changes.
 */
export function lowestPriorityThisThread() {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return;
    os.setPriority(tid, WORKER_NICE);
  } catch {
    // not Linux, or not permitted: run at normal priority
  }
}

/**
 * Lowers every thread of this process (an image child): the runtime's own threads exist before
 * any of our code runs, and threads started later inherit the nice value of the thread that starts
 * them.
 */
export function lowestPriorityThisProcess() {
  let tids: string[];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    tids = [String(process.pid)]; // not Linux: the process itself
  }
  for (const tid of tids) {
    try {
      os.setPriority(Number(tid), WORKER_NICE);
    } catch {
      // a thread that ended meanwhile, or not permitted
    }
  }
}
