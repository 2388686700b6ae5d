// Graceful shutdown: stop taking work, let the work in progress write what it was writing, then close
// the database, so quitting never cuts a write in half or leaves the WAL behind unmerged.
import type { WorkspaceHost } from '../core/host/workspaces';
import type { ApiServerControl } from './api-server';
import type { InFlight } from './ipc';

/** What a shutdown closes, in order. */
export interface ShutdownParts {
  host: WorkspaceHost;
  api: ApiServerControl;
  inFlight: InFlight;
  /** Unregisters the IPC channels (last, so calls in progress can still answer). */
  disposeIpc: () => void;
}

/**
 * Shuts the app's core down: a running clock advance is asked to stop after its batch, new console calls
 * are refused while the ones in progress finish, the local API stops (its requests in progress get a
 * grace period), and then the open workspace's database is closed. Safe to call more than once.
 */
export async function shutdown(parts: ShutdownParts): Promise<void> {
  try {
    parts.host.core.services.clock.cancelAdvance();
  } catch {
    // NO_CLOCK_ADVANCE: nothing to stop.
  }
  await Promise.all([parts.inFlight.close(), parts.api.dispose()]);
  parts.disposeIpc();
  parts.host.close();
}
