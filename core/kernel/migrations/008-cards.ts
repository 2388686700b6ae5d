/**
 * Cards: issued cards with their funding sources, card transactions (the parent record of an
 * authorization) and the events reconciled against each one (pulls, clearings, refunds, expiry).
 * Card transactions have their own table rather than rows in `transactions`: their statuses and
 * amounts differ, and the transaction lists merge both sources by creation time.
 */
export const sql = `
CREATE TABLE cards (
  id                        TEXT PRIMARY KEY,
  cardholder_id             TEXT NOT NULL,
  platform_card_id          TEXT,
  form                      TEXT NOT NULL CHECK (form IN ('VIRTUAL')),
  state                     TEXT NOT NULL CHECK (state IN ('PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED')),
  state_reason              TEXT,
  currency                  TEXT NOT NULL,
  funding_sources           TEXT NOT NULL,
  max_spend_per_transaction INTEGER,
  last4                     TEXT NOT NULL,
  brand                     TEXT NOT NULL,
  exp_month                 INTEGER NOT NULL,
  exp_year                  INTEGER NOT NULL,
  created_at                INTEGER NOT NULL,
  updated_at                INTEGER NOT NULL
);
CREATE INDEX cards_created ON cards (created_at, id);
CREATE INDEX cards_cardholder ON cards (cardholder_id, created_at, id);
CREATE UNIQUE INDEX cards_platform_id ON cards (platform_card_id) WHERE platform_card_id IS NOT NULL;

CREATE TABLE card_transactions (
  id                   TEXT PRIMARY KEY,
  card_id              TEXT NOT NULL REFERENCES cards (id),
  status               TEXT NOT NULL CHECK (status IN ('AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION')),
  customer_id          TEXT NOT NULL,
  platform_customer_id TEXT NOT NULL,
  account_id           TEXT NOT NULL,
  currency             TEXT NOT NULL,
  merchant             TEXT NOT NULL,
  descriptor           TEXT NOT NULL,
  issuer_token         TEXT NOT NULL,
  authorized_amount    INTEGER NOT NULL CHECK (authorized_amount >= 0),
  held_amount          INTEGER NOT NULL DEFAULT 0 CHECK (held_amount >= 0),
  settled_amount       INTEGER NOT NULL DEFAULT 0,
  settlement_count     INTEGER NOT NULL DEFAULT 0,
  refunded_amount      INTEGER NOT NULL DEFAULT 0,
  refund_count         INTEGER NOT NULL DEFAULT 0,
  pull_count           INTEGER NOT NULL DEFAULT 0,
  pull_amount          INTEGER NOT NULL DEFAULT 0,
  pull_pending_count   INTEGER NOT NULL DEFAULT 0,
  pull_pending_amount  INTEGER NOT NULL DEFAULT 0,
  last_event_at        INTEGER,
  created_at           INTEGER NOT NULL,
  updated_at           INTEGER NOT NULL
);
CREATE INDEX card_tx_created ON card_transactions (created_at, id);
CREATE INDEX card_tx_card ON card_transactions (card_id, created_at, id);
CREATE INDEX card_tx_customer ON card_transactions (customer_id, created_at, id);
CREATE INDEX card_tx_platform_customer ON card_transactions (platform_customer_id, created_at, id);
CREATE INDEX card_tx_account ON card_transactions (account_id, created_at, id);
CREATE INDEX card_tx_status ON card_transactions (status, created_at, id);
CREATE INDEX card_tx_amount ON card_transactions (authorized_amount);

CREATE TABLE card_transaction_events (
  seq                 INTEGER PRIMARY KEY AUTOINCREMENT,
  card_transaction_id TEXT NOT NULL REFERENCES card_transactions (id),
  kind                TEXT NOT NULL CHECK (kind IN ('AUTHORIZATION', 'PULL', 'CLEARING', 'EXPIRY', 'REFUND', 'RETURN_REVERSAL', 'AUTHORIZATION_ADVICE')),
  outcome             TEXT NOT NULL CHECK (outcome IN ('DONE', 'PENDING', 'CONFIRMED', 'FAILED')),
  amount              INTEGER NOT NULL,
  status_after        TEXT NOT NULL,
  note                TEXT,
  at                  INTEGER NOT NULL,
  resolved_at         INTEGER
);
CREATE INDEX card_tx_events ON card_transaction_events (card_transaction_id, seq);
`;
