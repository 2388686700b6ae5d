/**
 * The global search reads what support staff are told (issue 28): a customer's name without its
 * accents or letter case ("Lucia" finds "Lucía"), and an id by its distinctive tail (the last 12 hex
 * digits a truncated id shows). Names get a full-text index whose tokenizer folds case and removes
 * diacritics (kept in step by triggers, as the descriptions' index of migration 005 is); id tails get
 * expression indexes, so neither lookup scans a table.
 */
export const sql = `
CREATE VIRTUAL TABLE customers_names USING fts5(display_name, content='customers', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
INSERT INTO customers_names (rowid, display_name) SELECT rowid, display_name FROM customers;
CREATE TRIGGER customers_names_insert AFTER INSERT ON customers BEGIN
  INSERT INTO customers_names (rowid, display_name) VALUES (new.rowid, new.display_name);
END;
CREATE TRIGGER customers_names_delete AFTER DELETE ON customers BEGIN
  INSERT INTO customers_names (customers_names, rowid, display_name) VALUES ('delete', old.rowid, old.display_name);
END;
CREATE TRIGGER customers_names_update AFTER UPDATE OF display_name ON customers BEGIN
  INSERT INTO customers_names (customers_names, rowid, display_name) VALUES ('delete', old.rowid, old.display_name);
  INSERT INTO customers_names (rowid, display_name) VALUES (new.rowid, new.display_name);
END;

CREATE INDEX tx_id_tail ON transactions (substr(id, -12));
CREATE INDEX card_tx_id_tail ON card_transactions (substr(id, -12));
CREATE INDEX customers_id_tail ON customers (substr(id, -12));
`;
