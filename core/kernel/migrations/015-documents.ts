/** Documents uploaded for KYC/KYB: the file itself is kept in the workspace file (a BLOB), so snapshots and exports carry it. */
export const sql = `
CREATE TABLE documents (
  id                 TEXT PRIMARY KEY,
  document_holder    TEXT NOT NULL,
  document_type      TEXT NOT NULL,
  country            TEXT NOT NULL,
  side               TEXT CHECK (side IS NULL OR side IN ('FRONT', 'BACK')),
  document_number    TEXT,
  issuing_authority  TEXT,
  file_name          TEXT NOT NULL,
  content_type       TEXT NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes         INTEGER NOT NULL CHECK (size_bytes > 0),
  sha256             TEXT NOT NULL,
  content            BLOB NOT NULL,
  created_at         INTEGER NOT NULL,
  updated_at         INTEGER NOT NULL
);
CREATE INDEX documents_created ON documents (created_at, id);
CREATE INDEX documents_holder ON documents (document_holder, created_at);
`;
