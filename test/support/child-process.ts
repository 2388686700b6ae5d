import type { ChildProcess } from 'node:child_process';

/** How a child process ended: its exit code, or the signal that ended it. */
export interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Sends `signal` to a child unless it has already ended, and resolves with how it ended. Safe to call
 * twice: a child ended by a signal has no exit code, and waiting for a second 'exit' would never end.
 */
export function endChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<ChildEnd> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, sig) => resolve({ code, signal: sig }));
    child.kill(signal);
  });
}
