// The user's saved scenarios and the catalogue, as one list the console and the CLI run from.
import type { Ctx } from '../context';
import { API_BASE } from '../api/types';
import { conflict, invalidInput, notFound } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import { CATALOGUE } from './catalogue';
import { stepsFromLog } from './from-log';
import { scenarioRepo, type SavedScenario } from './repo';
import type { RunProgress } from './runner';
import { runHistoryRepo, type RunHistory } from './history-repo';
import { openCopy, runRecorded, type RecordedRunReport, type RunTargets, type RunWhere } from './rehearsal';
import { scenarioDefinitionSchema, type ScenarioDefinition } from './types';

/** The group a saved scenario goes in when the user names none. */
export const USER_GROUP = 'My scenarios';

/** Saved scenarios of a workspace (stored in it) beside the built-in catalogue. */
export class ScenarioService {
  private readonly repo;
  /** Each scenario's runs, newest first, with their reports, calls and events. */
  readonly history: RunHistory;

  constructor(private readonly ctx: Ctx) {
    this.repo = scenarioRepo(ctx.db);
    this.history = runHistoryRepo(ctx.db);
  }

  /**
   * Runs scenarios where asked (a throwaway copy of this workspace unless told otherwise) and keeps each
   * scenario's report, calls and events in this workspace's run history. `announce` is a run id to announce
   * the run live under (see `notices`), or the caller's own progress callbacks.
   */
  async run(defs: readonly ScenarioDefinition[], where: RunWhere, targets: RunTargets, announce?: string | RunProgress): Promise<RecordedRunReport> {
    const progress = typeof announce === 'string' ? this.notices(announce) : announce ?? {};
    if (where.place === 'IN_PLACE') return runRecorded(defs, targets.inPlace(), this.ctx, this.history, where, progress);
    const opened = where.place === 'COPY' ? openCopy(this.ctx, (path) => targets.open(path)) : (() => {
      const target = targets.open(where.dbPath);
      return { target, dispose: () => target.close() };
    })();
    try {
      return await runRecorded(defs, opened.target, this.ctx, this.history, where, progress);
    } finally {
      opened.dispose();
    }
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
   * Progress of a run as live console notices (SCENARIO.STARTED, SCENARIO.STEP_STARTED, SCENARIO.STEP_FINISHED,
   * SCENARIO.FINISHED; resource ScenarioRun `runId`), so the Scenarios screen shows each step while the run goes on.
   */
  notices(runId: string): RunProgress {
    const say = (type: string, payload: unknown) => this.ctx.events.announce(type, 'ScenarioRun', runId, payload);
    return {
      onScenarioStart: (def, index, total) => say('SCENARIO.STARTED', { scenario: def.name, index, total }),
      onScenarioDone: (result, index, total) => say('SCENARIO.FINISHED', { scenario: result.name, index, total, result }),
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
