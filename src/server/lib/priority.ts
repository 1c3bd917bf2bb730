import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';

/** The lowest priority: a worker runs on what the event loop (and the rest of the process) leaves. */
export const WORKER_NICE = 19;

/** util-linux's chrt, which sets a scheduling policy (Node has no call for it). */
export const CHRT = ['/usr/bin/chrt', '/bin/chrt'].find((p) => fs.existsSync(p));

/** SCHED_IDLE's number in /proc/<pid>/task/<tid>/stat's policy field (sched.h). */
export const SCHED_IDLE = 5;

/**
 * Linux can lower a single thread: PDF work then yields a busy core to the event loop at once, so
 * look-ups stay fast while documents are signed. Elsewhere, or if refused, nothing changes.
 *
 * Nice alone is not enough on the kernel's EEVDF scheduler (6.6 and later): a niced thread that
 * holds a core keeps it until its slice ends (up to ~3 ms) when the event loop wakes, which is what
 * a look-up's p99 showed while recipients finished. A SCHED_IDLE thread is preempted by any normal
 * one as soon as it wakes (decision 041). Any process may lower its own threads to it.
 */
export function lowestPriorityThisThread() {
  let tid: number;
  try {
    tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return;
    os.setPriority(tid, WORKER_NICE);
  } catch {
    return; // not Linux, or not permitted: run at normal priority
  }
  if (!CHRT) return;
  try {
    execFileSync(CHRT, ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 5000 });
  } catch {
    // refused (a seccomp profile, say): nice alone
  }
}

let ownThreadCompiles = false;

/**
 * Call before starting a worker thread that lowers itself (lowestPriorityThisThread): from then
 * on each new isolate compiles its hot functions (TurboFan, and Maglev on Node 22 and later) on
 * its own thread. By default V8 compiles them as background jobs on Node's platform threads, which
 * every isolate of the process shares and which run at normal priority, so the PDF worker's
 * compilations ran beside the event loop however low the worker's own thread was (decision 057).
 *
 * V8 reads the setting when it creates an isolate: the event loop's isolate, created before,
 * keeps compiling in the background, and so does not stop to compile while it serves requests.
 * (Given on the command line, the flag cost every start ~150 ms and the event loop every compile.)
 */
export function compileOnEachWorkersOwnThread() {
  if (ownThreadCompiles) return;
  v8.setFlagsFromString('--no-concurrent-recompilation');
  ownThreadCompiles = true;
}

/** Whether compileOnEachWorkersOwnThread has run in this process (tests). */
export const workersCompileOnTheirOwnThread = () => ownThreadCompiles;

/**
 * The command line that starts `argv` at the lowest priority, every thread it ever runs included:
 * SCHED_IDLE where chrt exists, and niced too (what counts where SCHED_IDLE is refused).
 */
export function lowestPriority(argv: string[], nice: number): string[] {
  const niced = NICE ? [NICE, '-n', String(nice), ...argv] : argv;
  return CHRT && idleAllowed() ? [CHRT, '--idle', '0', ...niced] : niced;
}

const NICE = ['/usr/bin/nice', '/bin/nice'].find((p) => fs.existsSync(p));

let idleProbe: boolean | undefined;
/** Whether chrt may start a command under SCHED_IDLE here (asked once: a refusal would fail every start). */
function idleAllowed(): boolean {
  if (idleProbe === undefined) {
    try {
      execFileSync(CHRT!, ['--idle', '0', CHRT!, '--version'], { stdio: 'ignore', timeout: 10_000 });
      idleProbe = true;
    } catch {
      idleProbe = false;
    }
  }
  return idleProbe;
}
