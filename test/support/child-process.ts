import type { ChildProcess } from 'node:child_process';

/** How a child process ended: its exit code, or the signal that ended it. */
export interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The ending already asked of each child, so that a second call waits for it instead of signalling again. */
const ending = new WeakMap<ChildProcess, { signal: NodeJS.Signals; end: Promise<ChildEnd> }>();

/**
 * Sends `signal` to a child unless it has already ended, and resolves with how it ended. Safe to call
 * twice, at once or later: a child ended by a signal has no exit code (waiting for a second 'exit' would
 * never end), and a second SIGTERM during a close would cut it short. A SIGKILL still goes through; a child
 * that failed to spawn resolves once its 'error' is out.
 */
export function endChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<ChildEnd> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  const asked = ending.get(child);
  if (asked && (asked.signal === signal || signal !== 'SIGKILL')) return asked.end;
  // A child that never started (a spawn error) emits 'error' and never 'exit'.
  const end = asked?.end ?? new Promise<ChildEnd>((resolve) => {
    child.once('exit', (code, sig) => resolve({ code, signal: sig }));
    if (child.pid === undefined) child.once('error', () => resolve({ code: child.exitCode, signal: null }));
  });
  ending.set(child, { signal, end });
  // No pid, no signal: before its 'error' is out, a child that failed to spawn holds no pid of its own to signal.
  if (child.pid !== undefined) child.kill(signal);
  return end;
}
