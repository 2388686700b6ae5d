import type { Ctx } from '../context';
import type { RunTarget, RunTargets } from './rehearsal';
import type { ScenarioRequest } from './types';

/** The part of a core a scenario run needs (core/index.ts's Core, named structurally to avoid an import cycle). */
export interface CoreLike {
  callApi(req: ScenarioRequest, options: { caller: string }): Promise<{ status: number; headers: Record<string, string>; body: unknown }>;
  services: { ctx: Ctx };
  close(): void;
}

function targetOf(core: CoreLike, close: () => void): RunTarget {
  return { callApi: (req, caller) => core.callApi(req, { caller }), ctx: core.services.ctx, close };
}

/** The workspaces a run can happen in, for the open core `self`; `open` makes a core over another workspace file. */
export function scenarioTargets(self: CoreLike, open: (dbPath: string) => CoreLike): RunTargets {
  return {
    // The open workspace is the host's to close, never the run's.
    inPlace: () => targetOf(self, () => {}),
    open: (dbPath) => {
      const core = open(dbPath);
      return targetOf(core, () => core.close());
    },
  };
}
