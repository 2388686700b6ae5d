/**
 * The request composer's saved requests and their collections, kept in the workspace so that a rehearsal's
 * calls travel with it (snapshots, exports). A request outlives its collection: deleting a collection
 * leaves its requests ungrouped rather than losing them. Lists follow `seq` (the order of saving), which a
 * frozen workspace clock cannot blur.
 */
export const sql = `
CREATE TABLE saved_request_collections (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  created_at  INTEGER NOT NULL
);
CREATE TABLE saved_requests (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  id             TEXT NOT NULL UNIQUE,
  collection_id  TEXT REFERENCES saved_request_collections (id) ON DELETE SET NULL,
  name           TEXT NOT NULL,
  method         TEXT NOT NULL CHECK (method IN ('GET', 'POST', 'PATCH', 'PUT', 'DELETE')),
  path           TEXT NOT NULL,
  query_json     TEXT NOT NULL,
  headers_json   TEXT NOT NULL,
  body           TEXT,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
);
CREATE INDEX saved_requests_collection ON saved_requests (collection_id, seq);
`;
