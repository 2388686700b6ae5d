/**
 * Strong Customer Authentication: customers' factors (TOTP, passkeys), the challenges they answer,
 * failed-code and issuance attempts (rate limits), login lockouts, factor resets, trusted beneficiaries
 * and the quotes waiting for authorization. The quotes table is rebuilt because SQLite cannot widen a
 * CHECK in place: PENDING_AUTHORIZATION joins its statuses (nothing references quotes by foreign key).
 */
export const sql = `
CREATE TABLE sca_factors (
  id                    TEXT PRIMARY KEY,
  customer_id           TEXT NOT NULL REFERENCES customers (id),
  type                  TEXT NOT NULL CHECK (type IN ('TOTP', 'PASSKEY')),
  status                TEXT NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'DELETED')),
  name                  TEXT NOT NULL,
  totp_secret           TEXT,
  last_totp_step        INTEGER,
  passkey_challenge     TEXT,
  passkey_credential_id TEXT,
  passkey_public_key    TEXT,
  passkey_counter       INTEGER,
  recovery_code_hashes  TEXT,
  created_at            INTEGER NOT NULL,
  activated_at          INTEGER,
  deleted_at            INTEGER
);
CREATE INDEX sca_factors_customer ON sca_factors (customer_id, status, created_at);

CREATE TABLE sca_challenges (
  id          TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL REFERENCES customers (id),
  purpose     TEXT NOT NULL CHECK (purpose IN ('LOGIN', 'PAYOUT', 'TRUST_BENEFICIARY', 'UNTRUST_BENEFICIARY')),
  subject_id  TEXT,
  factor      TEXT NOT NULL CHECK (factor IN ('SMS_OTP', 'TOTP', 'PASSKEY')),
  status      TEXT NOT NULL CHECK (status IN ('OPEN', 'USED', 'SUPERSEDED')),
  passkey_challenge TEXT,
  issued_at   INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
CREATE INDEX sca_challenges_subject ON sca_challenges (customer_id, purpose, subject_id, issued_at);

CREATE TABLE sca_attempts (
  id          INTEGER PRIMARY KEY,
  customer_id TEXT NOT NULL,
  scope       TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('BAD_CODE', 'ISSUE', 'RESET')),
  at          INTEGER NOT NULL
);
CREATE INDEX sca_attempts_scope ON sca_attempts (scope, kind, at);

CREATE TABLE sca_security_states (
  customer_id     TEXT PRIMARY KEY REFERENCES customers (id),
  failed_attempts INTEGER NOT NULL CHECK (failed_attempts >= 0),
  locked_until    INTEGER,
  suspended       INTEGER NOT NULL CHECK (suspended IN (0, 1)),
  session_expires_at INTEGER,
  updated_at      INTEGER NOT NULL
);

CREATE TABLE sca_resets (
  id            TEXT PRIMARY KEY,
  customer_id   TEXT NOT NULL REFERENCES customers (id),
  factor        TEXT NOT NULL CHECK (factor IN ('SMS_OTP', 'TOTP', 'PASSKEY')),
  status        TEXT NOT NULL CHECK (status IN ('INITIATED', 'PENDING_REVIEW', 'LIVENESS_PASSED', 'COMPLETED', 'REJECTED', 'EXPIRED')),
  liveness_token TEXT NOT NULL,
  mobile        TEXT,
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL,
  completed_at  INTEGER
);
CREATE INDEX sca_resets_customer ON sca_resets (customer_id, created_at);

CREATE TABLE sca_trusted_accounts (
  external_account_id TEXT PRIMARY KEY,
  customer_id         TEXT NOT NULL REFERENCES customers (id),
  trusted_at          INTEGER NOT NULL
);

CREATE TABLE sca_quote_authorizations (
  quote_id             TEXT PRIMARY KEY,
  customer_id          TEXT NOT NULL REFERENCES customers (id),
  execute_on_authorize INTEGER NOT NULL CHECK (execute_on_authorize IN (0, 1)),
  authorized_at        INTEGER
);

CREATE TABLE quotes_widened (
  id                     TEXT PRIMARY KEY,
  status                 TEXT NOT NULL CHECK (status IN ('PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED')),
  transaction_id         TEXT NOT NULL UNIQUE,
  customer_id            TEXT,
  source                 TEXT NOT NULL,
  destination            TEXT NOT NULL,
  source_account_id      TEXT,
  destination_account_id TEXT,
  sending_currency       TEXT NOT NULL,
  receiving_currency     TEXT NOT NULL,
  total_sending_amount   INTEGER NOT NULL CHECK (total_sending_amount > 0),
  total_receiving_amount INTEGER NOT NULL CHECK (total_receiving_amount > 0),
  exchange_rate          REAL NOT NULL CHECK (exchange_rate > 0),
  fees_included          INTEGER NOT NULL CHECK (fees_included >= 0),
  rate_details           TEXT NOT NULL,
  payment_instructions   TEXT,
  counterparty_info      TEXT,
  locked_side            TEXT NOT NULL CHECK (locked_side IN ('SENDING', 'RECEIVING')),
  locked_amount          INTEGER NOT NULL,
  request                TEXT NOT NULL,
  scenario               TEXT NOT NULL,
  expires_at             INTEGER NOT NULL,
  executed_at            INTEGER,
  created_at             INTEGER NOT NULL,
  updated_at             INTEGER NOT NULL
);
INSERT INTO quotes_widened SELECT id, status, transaction_id, customer_id, source, destination, source_account_id, destination_account_id,
  sending_currency, receiving_currency, total_sending_amount, total_receiving_amount, exchange_rate, fees_included, rate_details,
  payment_instructions, counterparty_info, locked_side, locked_amount, request, scenario, expires_at, executed_at, created_at, updated_at FROM quotes;
DROP TABLE quotes;
ALTER TABLE quotes_widened RENAME TO quotes;
CREATE INDEX quotes_created ON quotes (created_at, id);
CREATE INDEX quotes_status ON quotes (status, created_at, id);
`;
