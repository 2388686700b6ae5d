/**
 * Fault rules (issue 29): per-workspace rules that make matching API calls answer an error, wait, or fail
 * their Nth call, each with its hit count and an off switch; `match_count` counts the calls the rule matched
 * (what "the Nth call" counts), `hit_count` the calls it acted on. The request log marks what a rule did to a
 * call and whether an idempotent replay answered it, and an event keeps the log id of the API call that
 * caused it, so a call lists its events (and their webhook deliveries) and an event links back to its call.
 */
export const sql = `
CREATE TABLE fault_rules (
  seq                  INTEGER PRIMARY KEY AUTOINCREMENT,
  id                   TEXT NOT NULL UNIQUE,
  name                 TEXT NOT NULL,
  method               TEXT NOT NULL CHECK (method IN ('ANY', 'GET', 'POST', 'PATCH', 'PUT', 'DELETE')),
  path_pattern         TEXT NOT NULL,
  header_name          TEXT,
  header_value         TEXT,
  body_contains        TEXT,
  status               INTEGER CHECK (status IS NULL OR status BETWEEN 400 AND 599),
  error_code           TEXT,
  error_message        TEXT,
  retry_after_seconds  INTEGER CHECK (retry_after_seconds IS NULL OR retry_after_seconds >= 0),
  latency_ms           INTEGER NOT NULL DEFAULT 0 CHECK (latency_ms >= 0),
  nth_call             INTEGER CHECK (nth_call IS NULL OR nth_call >= 1),
  every_nth            INTEGER CHECK (every_nth IS NULL OR every_nth >= 1),
  enabled              INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  match_count          INTEGER NOT NULL DEFAULT 0,
  hit_count            INTEGER NOT NULL DEFAULT 0,
  last_hit_at          INTEGER,
  created_at           INTEGER NOT NULL
);
ALTER TABLE request_log ADD COLUMN fault_rule_id TEXT;
ALTER TABLE request_log ADD COLUMN fault_note TEXT;
ALTER TABLE request_log ADD COLUMN replayed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN api_call_id TEXT;
CREATE INDEX events_api_call ON events (api_call_id) WHERE api_call_id IS NOT NULL;
`;
