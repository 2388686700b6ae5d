// The user's saved scenarios and the catalogue, as one list the console and the CLI run from.
import type { Ctx } from '../context';
import { API_BASE } from '../api/types';
import { conflict, invalidInput, notFound } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import { CATALOGUE } from './catalogue';
import { stepsFromLog } from './from-log';
import { scenarioRepo, type SavedScenario } from './repo';
import type { RunProgress } from './runner';
import { scenarioDefinitionSchema, type ScenarioDefinition } from './types';

/** The group a saved scenario goes in when the user names none. */
export const USER_GROUP = 'My scenarios';

/** Saved scenarios of a workspace (stored in it) beside the built-in catalogue. */
export class ScenarioService {
  private readonly repo;

  constructor(private readonly ctx: Ctx) {
    this.repo = scenarioRepo(ctx.db);
  }

  /** The catalogue followed by the user's scenarios, every one runnable. */
  all(): ScenarioDefinition[] {
    return [...CATALOGUE, ...this.repo.all().map(toDefinition)];
  }

  /** One page of saved scenarios, newest first. */
  saved(limit: number, cursor?: string, q?: string): Page<SavedScenario> {
    return this.repo.page(limit, cursor, q);
  }

  /** Stores a scenario; its name must differ from every catalogue and saved scenario. */
  save(input: { name: string; title?: string | undefined; group?: string | undefined; rule?: string | undefined; steps: unknown }): SavedScenario {
    const parsed = scenarioDefinitionSchema.safeParse({ name: input.name, title: input.title ?? input.name, group: input.group ?? USER_GROUP, rule: input.rule ?? 'Saved by a user', steps: input.steps });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalidInput(issue.path.join('.') || 'steps', issue.message);
    }
    const def = parsed.data;
    if (CATALOGUE.some((c) => c.name === def.name) || this.repo.byName(def.name)) throw conflict(`A scenario named "${def.name}" already exists; choose another name`, 'SCENARIO_NAME_TAKEN', { name: def.name });
    const id = this.ctx.ids('Scenario');
    this.ctx.transaction(() => this.repo.insert({ id, ...def }, this.ctx.clock.nowMs()));
    return this.repo.byName(def.name)!;
  }

  /** Saves the request-log entries (in the order given) as a scenario that replays them. */
  saveFromLog(input: { name: string; title?: string | undefined; group?: string | undefined; entryIds: string[] }): SavedScenario {
    if (!input.entryIds.length) throw invalidInput('entryIds', 'must name at least one request-log entry');
    const calls = input.entryIds.map((id) => this.ctx.requestLog.read.get(id));
    const steps = stepsFromLog(calls, API_BASE);
    return this.save({ name: input.name, title: input.title, group: input.group, rule: `Replays ${calls.length} recorded request${calls.length === 1 ? '' : 's'} from the request log`, steps });
  }

  /**
   * Progress of a run as live console notices (SCENARIO.STEP_STARTED / SCENARIO.STEP_FINISHED, resource
   * ScenarioRun `runId`), so the Scenarios screen shows each step while the run goes on.
   */
  notices(runId: string): RunProgress {
    const say = (type: string, payload: unknown) => this.ctx.events.announce(type, 'ScenarioRun', runId, payload);
    return {
      onStepStart: (def, index) => say('SCENARIO.STEP_STARTED', { scenario: def.name, index }),
      onStep: (def, step) => say('SCENARIO.STEP_FINISHED', { scenario: def.name, index: step.index, step }),
    };
  }

  /** Deletes a saved scenario by id. */
  remove(id: string): void {
    if (!this.repo.remove(id)) throw notFound('NOT_FOUND', `Saved scenario ${id} not found`);
  }
}

function toDefinition(s: SavedScenario): ScenarioDefinition {
  return { name: s.name, group: s.group, title: s.title, rule: s.rule, steps: s.steps, source: 'USER' };
}
