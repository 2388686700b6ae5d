/**
 * The run history of scenarios: one row per scenario per run, with the report of its steps and the API
 * calls and events it caused. Runs happen in a throwaway copy of the workspace by default, so this is the
 * only trace a rehearsal leaves in the workspace it rehearses (kept to the newest 50 runs per scenario).
 */
export const sql = `
CREATE TABLE scenario_runs (
  id           TEXT PRIMARY KEY,
  run_id       TEXT NOT NULL,
  scenario     TEXT NOT NULL,
  group_name   TEXT NOT NULL,
  title        TEXT NOT NULL,
  place        TEXT NOT NULL CHECK (place IN ('COPY', 'IN_PLACE', 'WORKSPACE')),
  workspace    TEXT,
  pass         INTEGER NOT NULL CHECK (pass IN (0, 1)),
  started_at   INTEGER NOT NULL,
  duration_ms  INTEGER NOT NULL,
  result_json  TEXT NOT NULL,
  calls_json   TEXT NOT NULL,
  events_json  TEXT NOT NULL
);
CREATE INDEX scenario_runs_scenario ON scenario_runs (scenario, started_at, id);
CREATE INDEX scenario_runs_started ON scenario_runs (started_at, id);
CREATE INDEX scenario_runs_run ON scenario_runs (run_id);
`;
