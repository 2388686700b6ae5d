/**
 * A payment that waits for Strong Customer Authentication is stored PENDING_AUTHORIZATION, the
 * contract's status for it (TransactionStatus, OutgoingTransactionStatus). SQLite cannot widen a CHECK
 * in place, so `transactions` is rebuilt. `transaction_history` references it by foreign key and is
 * rebuilt with it: the new history points at the new table (renaming that table rewrites the reference),
 * and the old history is dropped before the old table, so no foreign key ever points at a missing row; rowids are
 * kept because the full-text index (transactions_text) is keyed by them. Indexes and triggers go with
 * the dropped table and are created again as migrations 003, 005, 007, 019, 023 and 029 made them.
 */
export const sql = `
CREATE TABLE transactions_widened (
  id                      TEXT PRIMARY KEY,
  type                    TEXT NOT NULL CHECK (type IN ('INCOMING', 'OUTGOING')),
  status                  TEXT NOT NULL CHECK (status IN ('CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED')),
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
  updated_at              INTEGER NOT NULL,
  description             TEXT,
  agent_id                TEXT
);
INSERT INTO transactions_widened (rowid, id, type, status, direction, kind, customer_id, platform_customer_id, quote_id, sender_identifier,
  receiver_identifier, reference, sending_currency, sent_amount, receiving_currency, received_amount, fees, scenario, failure_reason, refund,
  funds, data, settled_at, created_at, updated_at, description, agent_id)
SELECT rowid, id, type, status, direction, kind, customer_id, platform_customer_id, quote_id, sender_identifier,
  receiver_identifier, reference, sending_currency, sent_amount, receiving_currency, received_amount, fees, scenario, failure_reason, refund,
  funds, data, settled_at, created_at, updated_at, description, agent_id FROM transactions;

CREATE TABLE transaction_history_widened (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  transaction_id TEXT NOT NULL REFERENCES transactions_widened (id),
  status         TEXT NOT NULL,
  cause          TEXT NOT NULL,
  details        TEXT NOT NULL DEFAULT '{}',
  at             INTEGER NOT NULL
);
INSERT INTO transaction_history_widened (seq, transaction_id, status, cause, details, at)
SELECT seq, transaction_id, status, cause, details, at FROM transaction_history;

DROP TABLE transaction_history;
DROP TABLE transactions;
ALTER TABLE transactions_widened RENAME TO transactions;
ALTER TABLE transaction_history_widened RENAME TO transaction_history;

CREATE INDEX tx_created ON transactions (created_at, id);
CREATE INDEX tx_customer ON transactions (customer_id, created_at, id);
CREATE INDEX tx_platform_customer ON transactions (platform_customer_id, created_at, id);
CREATE INDEX tx_status ON transactions (status, created_at, id);
CREATE INDEX tx_type ON transactions (type, created_at, id);
CREATE INDEX tx_reference ON transactions (reference);
CREATE INDEX tx_sender ON transactions (sender_identifier, created_at, id);
CREATE INDEX tx_receiver ON transactions (receiver_identifier, created_at, id);
CREATE INDEX tx_quote ON transactions (quote_id);
CREATE INDEX tx_sent_amount ON transactions (sent_amount);
CREATE INDEX tx_received_amount ON transactions (received_amount);
CREATE INDEX tx_agent ON transactions (agent_id) WHERE agent_id IS NOT NULL;
CREATE INDEX tx_status_type ON transactions (status, type, created_at, id);
CREATE INDEX tx_id_tail ON transactions (substr(id, -12));
CREATE INDEX tx_history ON transaction_history (transaction_id, seq);

CREATE TRIGGER transactions_text_insert AFTER INSERT ON transactions WHEN new.description IS NOT NULL BEGIN
  INSERT INTO transactions_text (rowid, description) VALUES (new.rowid, new.description);
END;
CREATE TRIGGER transactions_text_delete AFTER DELETE ON transactions WHEN old.description IS NOT NULL BEGIN
  INSERT INTO transactions_text (transactions_text, rowid, description) VALUES ('delete', old.rowid, old.description);
END;
CREATE TRIGGER transactions_text_update AFTER UPDATE OF description ON transactions BEGIN
  INSERT INTO transactions_text (transactions_text, rowid, description) SELECT 'delete', old.rowid, old.description WHERE old.description IS NOT NULL;
  INSERT INTO transactions_text (rowid, description) SELECT new.rowid, new.description WHERE new.description IS NOT NULL;
END;
CREATE TRIGGER transaction_counts_insert AFTER INSERT ON transactions BEGIN
  INSERT INTO transaction_counts (status, type, n) VALUES (new.status, new.type, 1)
    ON CONFLICT (status, type) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER transaction_counts_delete AFTER DELETE ON transactions BEGIN
  UPDATE transaction_counts SET n = n - 1 WHERE status = old.status AND type = old.type;
END;
CREATE TRIGGER transaction_counts_update AFTER UPDATE OF status, type ON transactions
  WHEN old.status IS NOT new.status OR old.type IS NOT new.type BEGIN
  UPDATE transaction_counts SET n = n - 1 WHERE status = old.status AND type = old.type;
  INSERT INTO transaction_counts (status, type, n) VALUES (new.status, new.type, 1)
    ON CONFLICT (status, type) DO UPDATE SET n = n + 1;
END;
`;
