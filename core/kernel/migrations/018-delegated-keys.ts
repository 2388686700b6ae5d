/** Delegated keys of embedded wallets: extra P-256 keys a wallet's session authorised to stamp its actions. */
export const sql = `
CREATE TABLE delegated_keys (
  id          TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL REFERENCES internal_accounts(id),
  public_key  TEXT NOT NULL,
  nickname    TEXT,
  status      TEXT NOT NULL CHECK (status IN ('ACTIVE', 'REVOKED')),
  expires_at  INTEGER,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  revoked_at  INTEGER
);
CREATE INDEX delegated_keys_account ON delegated_keys (account_id, created_at, id);
CREATE UNIQUE INDEX delegated_keys_live_key ON delegated_keys (account_id, public_key) WHERE status = 'ACTIVE';
`;
