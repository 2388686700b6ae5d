/** Platform configuration, API tokens, customers, internal and external accounts, and the ledger. */
export const sql = `
CREATE TABLE platform_config (
  id         TEXT PRIMARY KEY,
  singleton  INTEGER NOT NULL UNIQUE CHECK (singleton = 1),
  data       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE api_tokens (
  id           TEXT PRIMARY KEY,
  name         TEXT NOT NULL,
  secret_hash  TEXT NOT NULL,
  secret_salt  TEXT NOT NULL,
  permissions  TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  last_used_at INTEGER,
  deleted_at   INTEGER
);

CREATE TABLE customers (
  id                   TEXT PRIMARY KEY,
  platform_customer_id TEXT NOT NULL,
  customer_type        TEXT NOT NULL CHECK (customer_type IN ('INDIVIDUAL', 'BUSINESS')),
  kyc_status           TEXT NOT NULL CHECK (kyc_status IN ('UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD')),
  display_name         TEXT NOT NULL DEFAULT '',
  email                TEXT,
  phone_number         TEXT,
  uma_address          TEXT NOT NULL,
  region               TEXT,
  data                 TEXT NOT NULL,
  is_deleted           INTEGER NOT NULL DEFAULT 0 CHECK (is_deleted IN (0, 1)),
  created_at           INTEGER NOT NULL,
  updated_at           INTEGER NOT NULL
);
CREATE UNIQUE INDEX customers_platform_id ON customers (platform_customer_id) WHERE is_deleted = 0;
CREATE UNIQUE INDEX customers_uma ON customers (uma_address) WHERE is_deleted = 0;
CREATE INDEX customers_created ON customers (created_at, id);

CREATE TABLE internal_accounts (
  id              TEXT PRIMARY KEY,
  customer_id     TEXT REFERENCES customers (id),
  type            TEXT NOT NULL CHECK (type IN ('INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET')),
  currency        TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED')),
  reference       TEXT NOT NULL UNIQUE,
  private_enabled INTEGER,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
);
CREATE UNIQUE INDEX internal_accounts_owner ON internal_accounts (coalesce(customer_id, ''), currency, type);
CREATE INDEX internal_accounts_customer ON internal_accounts (customer_id, id);

CREATE TABLE external_accounts (
  id                    TEXT PRIMARY KEY,
  customer_id           TEXT REFERENCES customers (id),
  currency              TEXT NOT NULL,
  account_type          TEXT NOT NULL,
  primary_identifier    TEXT NOT NULL,
  account_info          TEXT NOT NULL,
  status                TEXT NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE')),
  platform_account_id   TEXT,
  ownership_type        TEXT CHECK (ownership_type IN ('FIRST_PARTY', 'THIRD_PARTY')),
  default_uma_deposit   INTEGER NOT NULL DEFAULT 0,
  beneficiary_status    TEXT CHECK (beneficiary_status IN ('MATCHED', 'PARTIAL_MATCH', 'NOT_MATCHED', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI', 'PENDING')),
  created_at            INTEGER NOT NULL,
  updated_at            INTEGER NOT NULL,
  deleted_at            INTEGER
);
CREATE INDEX external_accounts_customer ON external_accounts (customer_id, id);
CREATE INDEX external_accounts_identifier ON external_accounts (primary_identifier);

-- Double-entry ledger: every journal's lines sum to zero per currency. Internal accounts hold
-- balances; the sandbox's edges (funding, payouts) are system accounts named 'edge:<kind>:<CUR>'.
CREATE TABLE ledger_journals (
  id          TEXT PRIMARY KEY,
  kind        TEXT NOT NULL,
  ref_id      TEXT,
  description TEXT NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL
);
CREATE INDEX ledger_journals_ref ON ledger_journals (ref_id);

CREATE TABLE ledger_entries (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT NOT NULL UNIQUE,
  journal_id  TEXT NOT NULL REFERENCES ledger_journals (id),
  account_id  TEXT NOT NULL,
  currency    TEXT NOT NULL,
  amount      INTEGER NOT NULL,
  bucket      TEXT NOT NULL CHECK (bucket IN ('AVAILABLE', 'PENDING', 'HELD')),
  created_at  INTEGER NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, seq);
CREATE INDEX ledger_entries_journal ON ledger_entries (journal_id);
`;
