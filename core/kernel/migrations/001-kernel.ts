/** Kernel tables: workspace metadata, clock, scheduler jobs, events outbox, request log, idempotency. */
export const sql = `
CREATE TABLE workspace_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE clock_state (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  mode        TEXT NOT NULL CHECK (mode IN ('REAL', 'FROZEN')),
  offset_ms   INTEGER NOT NULL DEFAULT 0,
  frozen_at   INTEGER
);

CREATE TABLE jobs (
  id          TEXT PRIMARY KEY,
  kind        TEXT NOT NULL,
  due_at      INTEGER NOT NULL,
  payload     TEXT NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('PENDING', 'DONE', 'FAILED', 'CANCELLED')),
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT,
  resource_id TEXT,
  created_at  INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX jobs_due ON jobs (status, due_at, id);
CREATE INDEX jobs_resource ON jobs (resource_id);

CREATE TABLE events (
  seq           INTEGER PRIMARY KEY AUTOINCREMENT,
  id            TEXT NOT NULL UNIQUE,
  type          TEXT NOT NULL,
  resource_type TEXT NOT NULL,
  resource_id   TEXT NOT NULL,
  payload       TEXT NOT NULL,
  created_at    INTEGER NOT NULL
);
CREATE INDEX events_resource ON events (resource_id, seq);
CREATE INDEX events_type ON events (type, seq);

CREATE TABLE request_log (
  seq             INTEGER PRIMARY KEY AUTOINCREMENT,
  id              TEXT NOT NULL UNIQUE,
  method          TEXT NOT NULL,
  path            TEXT NOT NULL,
  query           TEXT NOT NULL DEFAULT '',
  status          INTEGER NOT NULL,
  error_code      TEXT,
  duration_ms     REAL NOT NULL,
  source          TEXT NOT NULL CHECK (source IN ('HTTP', 'CONSOLE')),
  principal       TEXT,
  idempotency_key TEXT,
  request_headers TEXT NOT NULL,
  request_body    TEXT,
  response_body   TEXT,
  resource_ids    TEXT NOT NULL DEFAULT '',
  created_at      INTEGER NOT NULL
);
CREATE INDEX request_log_created ON request_log (created_at, seq);
CREATE INDEX request_log_status ON request_log (status, seq);

CREATE TABLE request_log_resources (
  resource_id TEXT NOT NULL,
  log_seq     INTEGER NOT NULL REFERENCES request_log (seq) ON DELETE CASCADE,
  PRIMARY KEY (resource_id, log_seq)
) WITHOUT ROWID;

CREATE TABLE idempotency_keys (
  principal    TEXT NOT NULL,
  route        TEXT NOT NULL,
  key          TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status       INTEGER,
  body         TEXT,
  created_at   INTEGER NOT NULL,
  PRIMARY KEY (principal, route, key)
);
`;
