/**
 * Cards, for upstream's contract: credit card transactions (a merchant credit or a payout to the card)
 * beside the debits; the card number and CVV that `POST /cards/{id}/reveal` shows, kept from issuance
 * (cards issued before this migration get theirs at their first reveal); the short-lived, single-use
 * reveal tokens, stored only as hashes; and FROZEN_BY_PLATFORM, a reason outside upstream's set,
 * dropped (the FROZEN state already says it).
 */
export const sql = `
ALTER TABLE card_transactions ADD COLUMN direction TEXT NOT NULL DEFAULT 'DEBIT' CHECK (direction IN ('DEBIT', 'CREDIT'));
ALTER TABLE cards ADD COLUMN pan TEXT;
ALTER TABLE cards ADD COLUMN cvv TEXT;
UPDATE cards SET state_reason = NULL WHERE state_reason = 'FROZEN_BY_PLATFORM';

CREATE TABLE card_reveal_tokens (
  token_hash TEXT PRIMARY KEY,
  card_id    TEXT NOT NULL REFERENCES cards (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);
CREATE INDEX card_reveal_tokens_card ON card_reveal_tokens (card_id, created_at);
`;
