import { join } from 'node:path';
import { z } from 'zod';
import { handler } from '../api/console-handler';
import { invalidInput, notFound } from '../kernel/errors';
import type { WorkspaceDirectory } from '../workspaces/ports';
import { junitXml } from './report';
import type { RunTargets, RunWhere } from './rehearsal';
import { selectScenarios } from './runner';
import type { ScenarioService } from './service';
import type { ScenarioDefinition } from './types';

/** What running scenarios needs from the host: the workspaces a run can happen in (set once the core is built). */
export interface ScenarioHost {
  scenarioTargets?: RunTargets | undefined;
  directory?: WorkspaceDirectory | undefined;
}

/** A named workspace of the host to run in: it must exist and not be the open one (that is "in place"). */
function namedWorkspace(host: ScenarioHost, name: string): RunWhere {
  if (!host.directory) throw invalidInput('workspace', 'this host has no other workspaces to run scenarios in');
  const found = host.directory.list().find((w) => w.id === name || w.name === name);
  if (!found) throw notFound('WORKSPACE_NOT_FOUND', `No workspace named "${name}": create it on the Workspaces screen first`);
  if (found.current) throw invalidInput('workspace', `"${name}" is the open workspace: choose "in this workspace" to run there`);
  return { place: 'WORKSPACE', name: found.id, dbPath: join(found.dir, 'workspace.sqlite') };
}

const runInput = z.object({
  only: z.string().trim().min(1, 'must name a scenario or a group').max(120).optional(),
  names: z.array(z.string().trim().min(1).max(120)).min(1, 'name at least one scenario').max(500).optional(),
  runId: z.string().regex(/^[\w-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _').optional(),
  place: z.enum(['COPY', 'IN_PLACE', 'WORKSPACE']).default('COPY'),
  workspace: z.string().trim().min(1).max(120).optional(),
}).refine((i) => i.only !== undefined || i.names !== undefined, { message: 'give the scenarios to run: only (a name or group) or names', path: ['only'] })
  .refine((i) => i.place !== 'WORKSPACE' || i.workspace !== undefined, { message: 'name the workspace to run in', path: ['workspace'] });

/** Console handlers of the Scenarios screen: the catalogue, running, the run history, and the user's saved scenarios. */
export function scenarioHandlers(scenarios: ScenarioService, host: ScenarioHost) {
  return {
    'scenarios/list': handler(z.object({}), () => {
      const all = scenarios.all();
      return {
        groups: [...new Set(all.map((d) => d.group))],
        scenarios: all.map((d) => ({ name: d.name, group: d.group, title: d.title, rule: d.rule, source: d.source, stepCount: d.steps.length, steps: d.steps.map((s) => s.title) })),
      };
    }),
    /**
     * Runs one scenario (by name), a group, or the scenarios `names` lists, in a throwaway copy of this
     * workspace unless `place` says IN_PLACE (here) or WORKSPACE (the named one). Each scenario's report,
     * calls and events go to the run history. With a `runId` each scenario and step is announced live
     * (console notices about ScenarioRun `runId`), so the screen can show the run step by step.
     */
    'scenarios/run': handler(runInput, async ({ only, names, runId, place, workspace }) => {
      const targets = host.scenarioTargets;
      if (!targets) throw invalidInput('only', 'scenarios cannot run before the workspace is open');
      const all = scenarios.all();
      let defs: ScenarioDefinition[];
      if (names) {
        const unknown = names.filter((n) => !all.some((d) => d.name === n));
        if (unknown.length) throw invalidInput('names', `no scenario is named ${unknown.map((n) => `"${n}"`).join(', ')}`);
        defs = names.map((n) => all.find((d) => d.name === n)!);
      } else {
        defs = selectScenarios(all, only);
        if (!defs.length) throw invalidInput('only', `no scenario or group is named "${only}"`);
      }
      const where: RunWhere = place === 'WORKSPACE' ? namedWorkspace(host, workspace!) : { place };
      return scenarios.run(defs, where, targets, runId);
    }),
    /** The run history, newest first: one scenario's runs, or every scenario's. */
    'scenarios/history-repo': handler(z.object({
      scenario: z.string().trim().min(1).max(120).optional(),
      limit: z.number().int().min(1).max(100).default(20),
      cursor: z.string().optional(),
    }), ({ scenario, limit, cursor }) => scenarios.history.page(limit, cursor, scenario)),
    /** One scenario's run from the history, with its step report, API calls and events. */
    'scenarios/historyEntry': handler(z.object({ id: z.string().min(1).max(200) }), ({ id }) => scenarios.history.get(id)),
    /** A whole run from the history as JUnit XML (as `npm run scenarios -- --report FILE.xml` writes) or JSON. */
    'scenarios/report': handler(z.object({ runId: z.string().min(1).max(200), format: z.enum(['junit', 'json']).default('junit') }), ({ runId, format }) => {
      const report = scenarios.history.report(runId);
      const stamp = report.startedAt.replace(/[:.]/g, '-');
      return format === 'junit'
        ? { fileName: `scenarios-${stamp}.xml`, contentType: 'application/xml', text: junitXml(report) }
        : { fileName: `scenarios-${stamp}.json`, contentType: 'application/json', text: `${JSON.stringify(report, null, 2)}\n` };
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
