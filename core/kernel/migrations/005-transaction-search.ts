/**
 * Support staff search transactions by what they are told: a description's words, an amount. The
 * description moves out of the `data` JSON into a column with a trigram full-text index (substring
 * matches without scanning the table), and amounts get indexes for exact lookups.
 */
export const sql = `
ALTER TABLE transactions ADD COLUMN description TEXT;
UPDATE transactions SET description = json_extract(data, '$.description');
CREATE INDEX tx_sent_amount ON transactions (sent_amount);
CREATE INDEX tx_received_amount ON transactions (received_amount);

CREATE VIRTUAL TABLE transactions_text USING fts5(description, content='transactions', content_rowid='rowid', tokenize='trigram');
INSERT INTO transactions_text (rowid, description) SELECT rowid, description FROM transactions WHERE description IS NOT NULL;
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
`;
