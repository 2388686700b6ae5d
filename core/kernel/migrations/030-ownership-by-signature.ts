/**
 * External-account ownership as upstream's contract proves it: a wallet signature of a server-issued
 * text, or a liveness check, instead of micro-deposits (which neither the spec nor the contract has).
 * The old table is rebuilt: a pending micro-deposit challenge could never be answered now, so only
 * verified ones are kept, as the record that the account was proven (method MICRO_DEPOSITS).
 */
export const sql = `
CREATE TABLE ownership_proofs (
  id                   TEXT PRIMARY KEY,
  external_account_id  TEXT NOT NULL,
  method               TEXT NOT NULL CHECK (method IN ('WALLET_SIGNATURE', 'LIVENESS', 'MICRO_DEPOSITS')),
  message              TEXT NOT NULL,
  token_hash           TEXT,
  status               TEXT NOT NULL CHECK (status IN ('PENDING', 'VERIFIED', 'SUPERSEDED')),
  created_at           INTEGER NOT NULL,
  expires_at           INTEGER NOT NULL,
  verified_at          INTEGER
);
INSERT INTO ownership_proofs (id, external_account_id, method, message, status, created_at, expires_at, verified_at)
  SELECT id, external_account_id, 'MICRO_DEPOSITS', amounts, 'VERIFIED', created_at, expires_at, verified_at
  FROM ownership_challenges WHERE status = 'VERIFIED';
DROP TABLE ownership_challenges;
CREATE INDEX ownership_proofs_account ON ownership_proofs (external_account_id, created_at, id);
`;
