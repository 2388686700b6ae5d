/** Quotes, transactions with their status history, receiver lookups, and materialised ledger balances. */
export const sql = `
-- Running sums of ledger_entries per account and bucket, updated in the same transaction as each
-- journal, so reading a balance does not grow with the account's history.
CREATE TABLE account_balances (
  account_id TEXT NOT NULL,
  bucket     TEXT NOT NULL CHECK (bucket IN ('AVAILABLE', 'PENDING', 'HELD')),
  currency   TEXT NOT NULL,
  amount     INTEGER NOT NULL,
  PRIMARY KEY (account_id, bucket)
) WITHOUT ROWID;
INSERT INTO account_balances (account_id, bucket, currency, amount)
  SELECT account_id, bucket, min(currency), sum(amount) FROM ledger_entries GROUP BY account_id, bucket;

CREATE TABLE lookups (
  id          TEXT PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('UMA', 'EXTERNAL_ACCOUNT')),
  target      TEXT NOT NULL,
  customer_id TEXT,
  response    TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);

CREATE TABLE quotes (
  id                     TEXT PRIMARY KEY,
  status                 TEXT NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED')),
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
CREATE INDEX quotes_created ON quotes (created_at, id);
CREATE INDEX quotes_status ON quotes (status, created_at, id);

CREATE TABLE transactions (
  id                      TEXT PRIMARY KEY,
  type                    TEXT NOT NULL CHECK (type IN ('INCOMING', 'OUTGOING')),
  status                  TEXT NOT NULL CHECK (status IN ('CREATED', 'PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED')),
  direction               TEXT NOT NULL CHECK (direction IN ('CREDIT', 'DEBIT')),
  kind                    TEXT NOT NULL CHECK (kind IN ('QUOTE', 'TRANSFER_IN', 'TRANSFER_OUT', 'UMA_RECEIVE')),
  customer_id             TEXT,
  platform_customer_id    TEXT,
  quote_id                TEXT,
  sender_identifier       TEXT,
  receiver_identifier     TEXT,
  reference               TEXT,
  sending_currency        TEXT,
  sent_amount             INTEGER,
  receiving_currency      TEXT NOT NULL,
  received_amount         INTEGER,
  fees                    INTEGER NOT NULL DEFAULT 0,
  scenario                TEXT NOT NULL DEFAULT 'SUCCESS',
  failure_reason          TEXT,
  refund                  TEXT,
  funds                   TEXT NOT NULL,
  data                    TEXT NOT NULL,
  settled_at              INTEGER,
  created_at              INTEGER NOT NULL,
  updated_at              INTEGER NOT NULL
);
CREATE INDEX tx_created ON transactions (created_at, id);
CREATE INDEX tx_customer ON transactions (customer_id, created_at, id);
CREATE INDEX tx_platform_customer ON transactions (platform_customer_id, created_at, id);
CREATE INDEX tx_status ON transactions (status, created_at, id);
CREATE INDEX tx_type ON transactions (type, created_at, id);
CREATE INDEX tx_reference ON transactions (reference);
CREATE INDEX tx_sender ON transactions (sender_identifier, created_at, id);
CREATE INDEX tx_receiver ON transactions (receiver_identifier, created_at, id);
CREATE INDEX tx_quote ON transactions (quote_id);

CREATE TABLE transaction_history (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  transaction_id TEXT NOT NULL REFERENCES transactions (id),
  status         TEXT NOT NULL,
  cause          TEXT NOT NULL,
  details        TEXT NOT NULL DEFAULT '{}',
  at             INTEGER NOT NULL
);
CREATE INDEX tx_history ON transaction_history (transaction_id, seq);
`;
