/**
 * Agents: programmatic actors bound to one customer, acting under a policy. Their access tokens are
 * stored only as SHA-256 hashes; their actions wait here for platform approval; transactions they
 * start carry their id.
 */
export const sql = `
CREATE TABLE agents (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL,
  customer_id   TEXT NOT NULL,
  is_paused     INTEGER NOT NULL DEFAULT 0 CHECK (is_paused IN (0, 1)),
  is_connected  INTEGER NOT NULL DEFAULT 0 CHECK (is_connected IN (0, 1)),
  policy        TEXT NOT NULL,
  daily_spend   INTEGER NOT NULL DEFAULT 0 CHECK (daily_spend >= 0),
  daily_count   INTEGER NOT NULL DEFAULT 0 CHECK (daily_count >= 0),
  monthly_spend INTEGER NOT NULL DEFAULT 0 CHECK (monthly_spend >= 0),
  usage_day     TEXT NOT NULL,
  usage_month   TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL,
  deleted_at    INTEGER
);
CREATE INDEX agents_created ON agents (created_at, id);
CREATE INDEX agents_customer ON agents (customer_id, created_at);

CREATE TABLE agent_device_codes (
  code        TEXT PRIMARY KEY,
  agent_id    TEXT NOT NULL REFERENCES agents (id),
  status      TEXT NOT NULL CHECK (status IN ('ACTIVE', 'REDEEMED', 'REPLACED')),
  expires_at  INTEGER NOT NULL,
  created_at  INTEGER NOT NULL,
  redeemed_at INTEGER
);
CREATE INDEX agent_device_codes_agent ON agent_device_codes (agent_id, created_at);

CREATE TABLE agent_tokens (
  token_hash  TEXT PRIMARY KEY,
  agent_id    TEXT NOT NULL REFERENCES agents (id),
  created_at  INTEGER NOT NULL,
  revoked_at  INTEGER
);
CREATE INDEX agent_tokens_agent ON agent_tokens (agent_id);

CREATE TABLE agent_quotes (
  quote_id       TEXT PRIMARY KEY,
  agent_id       TEXT NOT NULL REFERENCES agents (id),
  transaction_id TEXT NOT NULL,
  created_at     INTEGER NOT NULL
);
CREATE INDEX agent_quotes_transaction ON agent_quotes (transaction_id);

CREATE TABLE agent_actions (
  id                   TEXT PRIMARY KEY,
  agent_id             TEXT NOT NULL REFERENCES agents (id),
  customer_id          TEXT NOT NULL,
  platform_customer_id TEXT NOT NULL,
  type                 TEXT NOT NULL CHECK (type IN ('EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN')),
  status               TEXT NOT NULL CHECK (status IN ('PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED')),
  quote_id             TEXT,
  transaction_id       TEXT,
  request              TEXT,
  approval_reasons     TEXT NOT NULL DEFAULT '[]',
  rejection_reason     TEXT,
  failure_reason       TEXT,
  created_at           INTEGER NOT NULL,
  updated_at           INTEGER NOT NULL
);
CREATE INDEX agent_actions_agent ON agent_actions (agent_id, created_at);
CREATE INDEX agent_actions_status ON agent_actions (status, created_at);
CREATE INDEX agent_actions_quote ON agent_actions (quote_id);
CREATE INDEX agent_actions_transaction ON agent_actions (transaction_id);

ALTER TABLE transactions ADD COLUMN agent_id TEXT;
CREATE INDEX tx_agent ON transactions (agent_id) WHERE agent_id IS NOT NULL;
`;
