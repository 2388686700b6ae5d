/**
 * Scenarios a user saved (from request-log entries or by hand), kept in the workspace beside the
 * data they rehearse. The built-in catalogue is code, not rows: it changes with the sandbox's tables.
 */
export const sql = `
CREATE TABLE user_scenarios (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  group_name  TEXT NOT NULL,
  title       TEXT NOT NULL,
  rule        TEXT NOT NULL,
  steps_json  TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
CREATE INDEX user_scenarios_created ON user_scenarios (created_at, id);
`;
