import { z } from 'zod';
import { basename, dirname } from 'node:path';
import { schemaVersion } from '../kernel/db';
import type { Services } from '../services';
import type { SeedCredentials } from '../seed';
import { API_BASE } from '../api/types';
import { handler } from '../api/console-handler';
import { workspaceName } from '../kernel/workspace-file';
import type { WorkspaceDirectory } from '../workspaces/ports';
import type { WorkspaceService } from '../workspaces/service';
import type { ApiRequest } from './api-request';
import type { RunTargets } from '../scenarios/rehearsal';

/** What the host tells the core about where it is reachable. */
export interface HostInfo {
  /** Origin of the loopback server, e.g. http://127.0.0.1:4100 (absent when no server runs). */
  origin?: string;
  kind: 'serve' | 'electron' | 'test';
}

/** Mutable per-run facts the workspace handlers read. */
export interface WorkspaceRuntime {
  dbPath: string;
  host: HostInfo;
  /** The seeded token's secret, kept in memory for the run that created the workspace, until dismissed. */
  initialCredentials: SeedCredentials | undefined;
  /** Snapshots, restore, reset and export of this workspace. */
  files: WorkspaceService;
  /** The host's list of workspaces and the switch between them (absent without a host). */
  directory?: WorkspaceDirectory | undefined;
  /** The workspaces a scenario run can happen in: a throwaway copy, this one, a named one (set once the core is built). */
  scenarioTargets?: RunTargets | undefined;
  /** Calls the API as the console (set once the core is built; the Scenarios screen runs through it). */
  callApi?: ((req: { method: ApiRequest['method']; path: string; body?: unknown; headers?: Record<string, string> }) => Promise<{ status: number; body: unknown }>) | undefined;
}

/** Console handlers for the workspace: the Overview's facts and the test clock. */
export function workspaceHandlers(s: Services, runtime: WorkspaceRuntime) {
  return {
    'workspace/info': handler(z.object({}), () => {
      const config = s.platform.get();
      const firstToken = s.tokens.list({ limit: 1 }).data[0];
      return {
        name: config.name,
        // The name given on the Workspaces screen, else the folder's (as the workspace list shows it).
        workspaceName: workspaceName(s.ctx.db) ?? (runtime.dbPath === ':memory:' ? null : basename(dirname(runtime.dbPath))),
        dbPath: runtime.dbPath,
        host: runtime.host.kind,
        apiBaseUrl: runtime.host.origin ? `${runtime.host.origin}${API_BASE}` : null,
        schemaVersion: schemaVersion(s.ctx.db),
        createdAt: config.createdAt,
        credentials: {
          clientId: runtime.initialCredentials?.clientId ?? firstToken?.clientId ?? null,
          clientSecret: runtime.initialCredentials?.clientSecret ?? null,
        },
        counts: {
          customers: s.customers.count(),
          internalAccounts: s.internal.count(),
          externalAccounts: s.external.count(),
          tokens: s.tokens.count(),
          apiCalls: s.ctx.requestLog.read.count(),
          events: s.ctx.events.count(),
        },
        clock: s.clock.state(),
      };
    }),
    'workspace/dismissCredentials': handler(z.object({}), () => {
      runtime.initialCredentials = undefined;
      return { dismissed: true };
    }),
    'clock/get': handler(z.object({}), () => s.clock.state()),
    'clock/advance': handler(z.object({ seconds: z.number().positive().max(366 * 86_400) }), ({ seconds }) => s.clock.advanceInBatches(seconds)),
    'clock/cancelAdvance': handler(z.object({}), () => s.clock.cancelAdvance()),
    'clock/freeze': handler(z.object({}), () => s.clock.freeze()),
    'clock/resume': handler(z.object({}), () => s.clock.resume()),
    /** Back to the computer's time: jobs already due (or passed on the way forward) run, later ones keep their workspace due time. */
    'clock/resetToWallTime': handler(z.object({}), () => s.clock.resetToWallTime()),
  };
}
