/** Customers imported from a CSV: one job per upload, one row per CSV line with its outcome. */
export const sql = `
CREATE TABLE bulk_jobs (
  id            TEXT PRIMARY KEY,
  file_name     TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
  total         INTEGER NOT NULL CHECK (total >= 0),
  processed     INTEGER NOT NULL DEFAULT 0,
  successful    INTEGER NOT NULL DEFAULT 0,
  failed        INTEGER NOT NULL DEFAULT 0,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL,
  completed_at  INTEGER
);
CREATE INDEX bulk_jobs_created ON bulk_jobs (created_at, id);

CREATE TABLE bulk_job_rows (
  job_id               TEXT NOT NULL REFERENCES bulk_jobs(id),
  row_number           INTEGER NOT NULL,
  input                TEXT NOT NULL,
  status               TEXT NOT NULL CHECK (status IN ('PENDING', 'CREATED', 'FAILED')),
  customer_id          TEXT,
  platform_customer_id TEXT,
  error                TEXT,
  PRIMARY KEY (job_id, row_number)
);
`;
