import { z } from 'zod';
import { handler } from '../api/console-handler';
import { invalidInput } from '../kernel/errors';
import { runScenarios, selectScenarios } from './runner';
import type { ScenarioService } from './service';
import type { ApiCaller } from './types';

/** Console handlers of the Scenarios screen: the catalogue, running, and the user's saved scenarios. */
export function scenarioHandlers(scenarios: ScenarioService, caller: () => ApiCaller | undefined) {
  return {
    'scenarios/list': handler(z.object({}), () => {
      const all = scenarios.all();
      return {
        groups: [...new Set(all.map((d) => d.group))],
        scenarios: all.map((d) => ({ name: d.name, group: d.group, title: d.title, rule: d.rule, source: d.source, stepCount: d.steps.length, steps: d.steps.map((s) => s.title) })),
      };
    }),
    /**
     * Runs one scenario (by name) or a group. With a `runId` each step is announced live as it starts and
     * ends (console notices about ScenarioRun `runId`), so the screen can show the run step by step.
     */
    'scenarios/run': handler(z.object({
      only: z.string().trim().min(1, 'must name a scenario or a group').max(120),
      runId: z.string().regex(/^[\w-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _').optional(),
    }), async ({ only, runId }) => {
      const call = caller();
      if (!call) throw invalidInput('only', 'scenarios cannot run before the workspace is open');
      const defs = selectScenarios(scenarios.all(), only);
      if (!defs.length) throw invalidInput('only', `no scenario or group is named "${only}"`);
      return runScenarios(defs, call, runId ? scenarios.notices(runId) : {});
    }),
    'scenarios/saved': handler(z.object({ limit: z.number().int().min(1).max(100).default(50), cursor: z.string().optional(), q: z.string().trim().max(120).optional() }),
      ({ limit, cursor, q }) => scenarios.saved(limit, cursor, q || undefined)),
    'scenarios/saveFromLog': handler(z.object({
      name: z.string().trim().min(1, 'must not be empty').max(120),
      title: z.string().trim().max(200).optional(),
      group: z.string().trim().max(60).optional(),
      entryIds: z.array(z.string().min(1)).min(1, 'select at least one request').max(100),
    }), (input) => scenarios.saveFromLog(input)),
    'scenarios/delete': handler(z.object({ id: z.string().min(1) }), ({ id }) => (scenarios.remove(id), { deleted: id })),
  };
}
